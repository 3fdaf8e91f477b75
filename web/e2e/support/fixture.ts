import { afterAll, afterEach, beforeAll } from "vitest";
import { closeSharedBrowser, launchSharedBrowser, takePageErrors } from "./browser";

// The setup file of every e2e file (vitest.config.ts): the run's one browser, with whatever a file left open
// closed at its end, and a test fails if any of its pages logged an error it did not allow (allowPageErrors) —
// an uncaught exception, a console error or a failed request is something a user would hit even when every
// assertion passed.
beforeAll(launchSharedBrowser);

afterEach(() => {
  const errors = takePageErrors();
  if (errors.length) throw new Error(`the page logged ${errors.length} error(s):\n  ${errors.join("\n  ")}`);
});

afterAll(closeSharedBrowser);
