import { useSyncExternalStore } from "react";

/** Phones and small tablets: below Tailwind's `md` breakpoint (48rem), where layouts stack. */
export const PHONE_QUERY = "(max-width: 47.99rem)";

/** Whether a CSS media query matches now, following its changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      if (typeof window.matchMedia !== "function") return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener("change", listener);
      return () => list.removeEventListener("change", listener);
    },
    () => typeof window.matchMedia === "function" && window.matchMedia(query).matches,
    () => false,
  );
}
