import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signUp } from "../../test/http";
import { consume } from "../jobs";
import type { JobMessage } from "../rules/job-messages";

afterEach(() => vi.restoreAllMocks());

/** One queue message as the runtime hands it over, recording what the consumer did with it. */
function delivery(body: JobMessage, attempts = 1) {
  const outcome = { acked: false, retried: null as null | { delaySeconds?: number } };
  const message = {
    id: crypto.randomUUID(),
    timestamp: new Date(),
    body,
    attempts,
    ack: () => {
      outcome.acked = true;
    },
    retry: (options?: { delaySeconds?: number }) => {
      outcome.retried = options ?? {};
    },
  };
  const batch = { queue: "verbatim-jobs", messages: [message], ackAll() {}, retryAll() {} };
  return { batch: batch as unknown as MessageBatch<JobMessage>, outcome };
}

describe("sending from the queue", () => {
  it("a send that fails is retried with backoff and logged with its kind, never its link", async () => {
    const { user } = await signUp();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const link = "http://localhost/reset-password?token=secret-token-value";
    const { batch, outcome } = delivery(
      { type: "email", email: { kind: "reset", userId: user.id, email: user.email, link } },
      3,
    );
    // No mail server where the Worker is told to send.
    await consume(batch, { ...env, SMTP_PORT: "9" });
    expect(outcome.acked).toBe(false);
    expect(outcome.retried).toEqual({ delaySeconds: 8 });
    const logged = errors.mock.calls.map((c) => String(c[0])).join("\n");
    expect(logged).toContain('"kind":"reset"');
    expect(logged).not.toContain("secret-token-value");
  });

  it("a sent e-mail is acknowledged", async () => {
    const { user } = await signUp();
    const { batch, outcome } = delivery({
      type: "email",
      email: { kind: "reset", userId: user.id, email: user.email, link: "http://localhost/reset-password?token=x" },
    });
    await consume(batch, env);
    expect(outcome).toEqual({ acked: true, retried: null });
  });
});
