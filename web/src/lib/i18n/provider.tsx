import type { ReactNode } from "react";
import { useSyncExternalStore } from "react";
import { IntlProvider } from "use-intl";
import { getLocaleState, subscribeLocale } from "./store";

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Gives every component the active language's messages (useTranslations); re-renders all on a switch. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const { locale, messages } = useSyncExternalStore(subscribeLocale, getLocaleState, getLocaleState);
  return (
    <IntlProvider locale={locale} messages={messages} timeZone={timeZone}>
      {children}
    </IntlProvider>
  );
}
