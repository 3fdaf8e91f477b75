import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, signWebhook } from "./sign";

// Our signatures, checked by the reference library receivers use (npm `standardwebhooks`).

const body = JSON.stringify({ type: "transcription.completed", data: { id: "t1" } });
const message = (timestamp = new Date()) => ({ id: "msg_2b7e", timestamp, body });

describe("webhook signatures", () => {
  it("verify with standardwebhooks", async () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const headers = await signWebhook([secret], message());
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("fail for a changed body, another secret, or an old timestamp", async () => {
    const secret = newWebhookSecret();
    const headers = await signWebhook([secret], message());
    expect(() => new Webhook(secret).verify(body.replace("t1", "t2"), headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
    const old = await signWebhook([secret], message(new Date(Date.now() - 10 * 60_000)));
    expect(() => new Webhook(secret).verify(body, old)).toThrow(/too old/i);
  });

  it("after a rotation, sign with both secrets: either verifies", async () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = await signWebhook([current, previous], message());
    expect(headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toBeTruthy();
    expect(new Webhook(previous).verify(body, headers)).toBeTruthy();
  });
});
