import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import de from "@/locales/de.json";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import fr from "@/locales/fr.json";
import { type Locale, setLocale } from "./index";

// The page's language, title and description follow the interface's language, as its text does.

const CATALOGUES: Record<Locale, typeof en> = { en, es, fr, de };
const description = () => document.querySelector('meta[name="description"]')?.getAttribute("content");

afterAll(() => setLocale("en"));

describe("the document in the interface's language", () => {
  test.each(["es", "fr", "de", "en"] as const)("%s: <html lang>, the title and the description", async (locale) => {
    await setLocale(locale);
    expect(document.documentElement.lang).toBe(locale);
    expect(document.title).toBe(CATALOGUES[locale].document.title);
    expect(description()).toBe(CATALOGUES[locale].document.description);
  });

  test("web/index.html, shown before the script runs, says what the English catalogue says", () => {
    const html = readFileSync(join(import.meta.dirname, "../../../index.html"), "utf8");
    const page = new DOMParser().parseFromString(html, "text/html");
    expect(page.title).toBe(en.document.title);
    expect(page.querySelector('meta[name="description"]')?.getAttribute("content")).toBe(en.document.description);
  });
});
