import { useEffect } from "react";
import { useAuth } from "@/entities/session/use-auth";
import { browserLocale, type Locale, rememberLocale, setLocale } from "@/lib/i18n";
import { usePreferences } from "./preferences";

/** Shows the interface in the signed-in user's language, and keeps it on this device for the next start. */
export async function applyUserLocale(locale: Locale) {
  rememberLocale(locale);
  await setLocale(locale);
}

/**
 * The interface's language (docs/architecture/web-app.md, "Languages"): the signed-in user's Settings › General ›
 * Language, once the preferences are known (until then the one kept on this device from last time); signed out —
 * the landing, pricing and sign-in pages — the browser's own languages, English when none is offered. Mounted
 * once at the root; renders nothing.
 */
export function LocaleSync() {
  const { user, isLoading } = useAuth();
  const saved = usePreferences().data?.general.language;
  const signedIn = user !== null;
  useEffect(() => {
    if (isLoading) return;
    if (!signedIn) {
      rememberLocale(null);
      void setLocale(browserLocale());
    } else if (saved) {
      void applyUserLocale(saved);
    }
  }, [isLoading, signedIn, saved]);
  return null;
}
