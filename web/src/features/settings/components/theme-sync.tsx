import { useEffect } from "react";
import { usePreferences } from "@/entities/user/preferences";
import { applyTheme, restoreTheme } from "../lib/theme";

/**
 * Keeps the device's theme in step with the account's saved one, e.g. after signing in on a new device or
 * changing it on another. Mounted once at the root; renders nothing.
 */
export function ThemeSync() {
  const saved = usePreferences().data?.general.theme;
  useEffect(() => {
    if (saved) applyTheme(saved);
    else restoreTheme();
  }, [saved]);
  return null;
}
