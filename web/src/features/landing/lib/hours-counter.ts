import { DEFAULT_LOCALE, INTL_TAGS, isLocale } from "@/lib/i18n/locale";

/**
 * Fills in the hours counter (GET /api/stats) that the page holds hidden, in the page's language. Nothing is shown
 * while the server has counted nothing or cannot be reached, as the app's own landing page does.
 */
export async function showHoursCounter(page: Document = document): Promise<void> {
  const box = page.querySelector<HTMLElement>("[data-hours-counter]");
  const figure = box?.querySelector<HTMLElement>('[data-testid="hours-counter"]');
  if (!box || !figure) return;
  const res = await fetch("/api/stats", { headers: { Accept: "application/json" } });
  if (!res.ok) return;
  const { hoursTranscribed } = (await res.json()) as { hoursTranscribed?: unknown };
  if (typeof hoursTranscribed !== "number" || !(hoursTranscribed > 0)) return;
  const lang = page.documentElement.lang;
  figure.textContent = new Intl.NumberFormat(INTL_TAGS[isLocale(lang) ? lang : DEFAULT_LOCALE]).format(
    hoursTranscribed,
  );
  for (const line of box.querySelectorAll<HTMLElement>("[hidden]")) line.hidden = false;
}
