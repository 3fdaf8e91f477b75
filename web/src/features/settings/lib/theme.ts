import { THEMES, type Theme } from "@verbatim/shared/preferences";

/**
 * The theme is kept in localStorage too, because index.html applies it in an inline script before the first
 * paint (no white flash for dark-theme users); that script reads this key and must agree with `isDark`.
 */
export const THEME_STORAGE_KEY = "theme";

const darkQuery = () => window.matchMedia("(prefers-color-scheme: dark)");

export function storedTheme(): Theme {
  const value = localStorage.getItem(THEME_STORAGE_KEY);
  return (THEMES as readonly string[]).includes(value ?? "") ? (value as Theme) : "system";
}

const isDark = (theme: Theme) => theme === "dark" || (theme === "system" && darkQuery().matches);

/** The theme on screen; differs from the stored one only while the settings screen previews a choice. */
let shown: Theme | null = null;

function paint(theme: Theme) {
  shown = theme;
  document.documentElement.classList.toggle("dark", isDark(theme));
}

/** "System" follows the OS live, e.g. when it switches to dark mode at sunset. */
let following = false;
function followSystem() {
  if (following) return;
  following = true;
  darkQuery().addEventListener("change", () => {
    if ((shown ?? storedTheme()) === "system") paint("system");
  });
}

/** Shows a theme without keeping it (the settings screen, before Save). */
export function previewTheme(theme: Theme) {
  followSystem();
  paint(theme);
}

/** Shows and keeps a theme on this device. */
export function applyTheme(theme: Theme) {
  localStorage.setItem(THEME_STORAGE_KEY, theme);
  previewTheme(theme);
}

/** Back to the kept theme (a preview was abandoned). */
export function restoreTheme() {
  previewTheme(storedTheme());
}
