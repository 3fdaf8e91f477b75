import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/**
 * The full transcript's last timestamp and its time in seconds: one that seeks into the recording, wherever the
 * recogniser's sentences begin (segments follow the sentences, so their times are not fixed).
 */
export async function laterLine(page: Page): Promise<{ button: Locator; seconds: number }> {
  const button = page
    .getByRole("list", { name: "Full transcript" })
    .getByRole("button", { name: /^Play from / })
    .last();
  const [minutes = 0, seconds = 0] = ((await button.getAttribute("aria-label")) ?? "")
    .replace("Play from ", "")
    .split(":")
    .map(Number);
  const at = minutes * 60 + seconds;
  expect(at).toBeGreaterThan(0);
  return { button, seconds: at };
}
