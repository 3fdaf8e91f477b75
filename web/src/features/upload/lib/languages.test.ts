import { SPEECH_LANGUAGE_CODES } from "@verbatim/shared/languages";
import { afterEach, expect, test, vi } from "vitest";
import { spokenLanguageOptions } from "./languages";

afterEach(() => {
  vi.unstubAllGlobals();
});

test("every spoken language has a name, never its bare code", () => {
  for (const locale of ["en", "es", "fr", "de"]) {
    const options = spokenLanguageOptions(undefined, locale);
    expect(options).toHaveLength(SPEECH_LANGUAGE_CODES.length);
    for (const { code, label } of options) expect(label.toLowerCase(), `${locale} ${code}`).not.toBe(code);
  }
});

test("where the browser has no name for a language (it answers the code), the English name is shown", () => {
  const Real = Intl.DisplayNames;
  // Some browsers' language data lacks Bashkir and Tibetan, and "jw" is no ISO code.
  class Partial extends Real {
    override of(code: string) {
      if (["ba", "bo", "jw", "jv"].includes(code)) return code;
      return super.of(code);
    }
  }
  vi.stubGlobal("Intl", { ...Intl, DisplayNames: Partial });
  const byCode = new Map(spokenLanguageOptions(undefined, "en").map((o) => [o.code, o.label]));
  expect(byCode.get("ba")).toBe("Bashkir");
  expect(byCode.get("bo")).toBe("Tibetan");
  expect(byCode.get("jw")).toBe("Javanese");
  expect(byCode.get("ht")).toBe("Haitian Creole");
  expect(byCode.get("de")).toBe("German");
});
