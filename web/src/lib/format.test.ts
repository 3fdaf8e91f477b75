import { describe, expect, test } from "vitest";
import { formatRelative } from "./format";

describe("formatRelative", () => {
  const now = Date.parse("2026-03-04T12:00:00.000Z");
  test.each([
    ["2026-03-04T11:59:30.000Z", "en", "now"],
    ["2026-03-04T11:58:00.000Z", "en", "2 minutes ago"],
    ["2026-03-04T09:00:00.000Z", "en", "3 hours ago"],
    ["2026-03-03T12:00:00.000Z", "en", "yesterday"],
    ["2026-03-04T11:58:00.000Z", "es", "hace 2 minutos"],
    ["2026-03-04T11:58:00.000Z", "de", "vor 2 Minuten"],
  ])("%s in %s is %s", (at, locale, words) => {
    expect(formatRelative(at, now, locale)).toBe(words);
  });
});
