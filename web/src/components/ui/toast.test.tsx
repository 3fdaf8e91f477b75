import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { I18nProvider } from "@/lib/i18n";
import { dismissToast, Toaster, toast } from "./toast";

// React's act() needs this flag outside its own test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
beforeEach(() => {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root.render(
      <I18nProvider>
        <Toaster />
      </I18nProvider>,
    ),
  );
});
afterEach(() => {
  act(() => {
    dismissToast();
    root.unmount();
  });
  document.body.innerHTML = "";
});

describe("toast", () => {
  test("is announced in a live region that exists before it, as an alert when it reports a failure", () => {
    const region = document.querySelector('[aria-live="polite"]');
    expect(region?.children).toHaveLength(0);
    act(() => toast({ variant: "destructive", title: "Upload Failed", description: "File too large" }));
    expect(region?.querySelector('[role="alert"]')?.textContent).toContain("Upload FailedFile too large");
  });

  test("Esc dismisses the toast the keyboard is in", () => {
    act(() => toast({ title: "Saved" }));
    const close = document.querySelector<HTMLButtonElement>("button:has(.sr-only)");
    expect(close?.textContent).toContain("Dismiss notification");
    act(() => close?.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true })));
    expect(document.querySelector('[data-testid="toast"]')).toBeNull();
  });
});
