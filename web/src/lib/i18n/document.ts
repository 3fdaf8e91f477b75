import type { Locale } from "./locale";
import type { Messages } from "./store";

/**
 * What the browser, bookmarks, screen readers and search engines read of the page, in the interface's language:
 * <html lang>, the title and the description. web/index.html carries the English ones for the first paint.
 */
export function applyDocumentLanguage(locale: Locale, messages: Messages) {
  document.documentElement.lang = locale;
  document.title = messages.document.title;
  let description = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!description) {
    description = document.createElement("meta");
    description.name = "description";
    document.head.append(description);
  }
  description.content = messages.document.description;
}
