import { SETTINGS_TAB_KEY } from "@/components/layout/user-menu";

/** The settings tabs, in order; each one's name is settings.tabs.<tab>. */
export const SETTINGS_TABS = [
  "general",
  "profile",
  "account",
  "timezone",
  "notifications",
  "ai",
  "voices",
  "api",
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

const isTab = (value: string | null): value is SettingsTab => SETTINGS_TABS.some((t) => t === value);

/** The tab another screen asked for (the user menu's Profile item saves "profile"), else General. */
export function requestedTab(): SettingsTab {
  const value = localStorage.getItem(SETTINGS_TAB_KEY);
  return isTab(value) ? value : "general";
}

/** The request is one-off: reopening Settings later starts on General again. */
export function clearRequestedTab() {
  localStorage.removeItem(SETTINGS_TAB_KEY);
}
