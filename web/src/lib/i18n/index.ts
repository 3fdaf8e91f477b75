// The interface's languages (docs/architecture/web-app.md, "Languages"): messages in web/src/locales, one file per
// language; components translate with use-intl's useTranslations, other code with `translate`.

export { localizeMessage } from "./known-messages";
export { browserLocale, DEFAULT_LOCALE, INTL_TAGS, isLocale, LOCALES, type Locale, pickLocale } from "./locale";
export { I18nProvider } from "./provider";
export {
  getLocale,
  initialLocale,
  intlLocale,
  LOCALE_STORAGE_KEY,
  type Messages,
  rememberLocale,
  setLocale,
  subscribeLocale,
  translate,
} from "./store";
