import { describe, expect, it } from "vitest";
import {
  delayBeforeAttempt,
  PREVIOUS_SECRET_SIGNS_FOR_MS,
  QUEUE_MAX_DELAY_SECONDS,
  WEBHOOK_ATTEMPT_DELAYS,
} from "./webhook-schedule";

describe("the webhook retry schedule", () => {
  it("is Standard Webhooks': at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h", () => {
    expect(WEBHOOK_ATTEMPT_DELAYS).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect([0, 1, 7].map(delayBeforeAttempt)).toEqual([0, 5, 36000]);
    expect(delayBeforeAttempt(8)).toBeNull();
  });

  it("keeps trying for about a day, each delay within one queue message's maximum", () => {
    const total = WEBHOOK_ATTEMPT_DELAYS.reduce((a, b) => a + b, 0);
    expect(total / 3600).toBeGreaterThan(24);
    expect(total / 3600).toBeLessThan(30);
    for (const delay of WEBHOOK_ATTEMPT_DELAYS) expect(delay).toBeLessThanOrEqual(QUEUE_MAX_DELAY_SECONDS);
  });

  it("lets the previous secret sign for a day after a rotation", () => {
    expect(PREVIOUS_SECRET_SIGNS_FOR_MS).toBe(86_400_000);
  });
});
