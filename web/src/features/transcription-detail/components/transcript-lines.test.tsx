import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { I18nProvider } from "@/lib/i18n";
import type { TimedLine } from "../lib/timed-lines";
import { TranscriptLines } from "./transcript-lines";

// React's act() needs this flag outside its own test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const lines: TimedLine[] = Array.from({ length: 40 }, (_, i) => ({
  start: i * 5,
  end: (i + 1) * 5,
  speaker: null,
  text: `Line number ${i + 1}`,
}));

let root: Root;
let scrolled: Element[];
beforeEach(() => {
  scrolled = [];
  // happy-dom lays nothing out: record which element was asked to come into view.
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = "";
});

const render = (hitIndex?: number) =>
  act(() =>
    root.render(
      <I18nProvider>
        <TranscriptLines
          label="Full transcript"
          lines={lines}
          activeIndex={hitIndex ?? -1}
          follow
          hitIndex={hitIndex}
        />
      </I18nProvider>,
    ),
  );

describe("a search hit's line", () => {
  test("is marked, brought into view and announced", () => {
    render(31);
    const hit = document.querySelectorAll("[data-search-hit]");
    expect(hit).toHaveLength(1);
    expect(hit[0]?.getAttribute("data-line")).toBe("31");
    expect(hit[0]?.getAttribute("aria-current")).toBe("true");
    // Visibly, in words and not only by colour.
    expect(hit[0]?.textContent).toContain("Search hit");
    expect(hit[0]?.textContent).toContain("Line number 32");
    expect(scrolled).toEqual([hit[0]]);
    expect(document.querySelector('[role="status"]')?.textContent).toBe("Opened at 02:35: Line number 32");
  });

  test("is brought into view once, not again on every render", () => {
    render(31);
    render(31);
    expect(scrolled).toHaveLength(1);
  });

  test("without a hit, nothing is marked, moved or announced", () => {
    render();
    expect(document.querySelector("[data-search-hit]")).toBeNull();
    expect(scrolled).toEqual([]);
    expect(document.querySelector('[role="status"]')?.textContent).toBe("");
  });
});
