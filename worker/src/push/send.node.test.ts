import { startPushService } from "@verbatim/testing/push-service";
import { beforeAll, describe, expect, it } from "vitest";
import { vapidVars } from "../../test/vapid";
import { encryptPayload } from "./encrypt";
import { sendPush } from "./send";
import { type VapidKeys, vapidKeys } from "./vapid";

// Our sender (pure WebCrypto, as it runs on Workers) checked by independent implementations: a push service on
// loopback (@verbatim/testing/push-service) verifies the VAPID JWT with Node's crypto and decrypts the body with
// http_ece, the reference implementation of RFC 8188, keyed as a browser is. RFC 8291's own worked example pins
// the encryption byte for byte.

const b64 = (s: string) => Buffer.from(s, "base64url");

describe("RFC 8291 appendix A", () => {
  it("encrypts the RFC's message to the RFC's bytes", async () => {
    const asPublic = b64("BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8");
    const jwk = {
      kty: "EC",
      crv: "P-256",
      x: asPublic.subarray(1, 33).toString("base64url"),
      y: asPublic.subarray(33).toString("base64url"),
    };
    const algorithm = { name: "ECDH", namedCurve: "P-256" };
    const serverKeys = {
      publicKey: await crypto.subtle.importKey("jwk", jwk, algorithm, true, []),
      privateKey: await crypto.subtle.importKey(
        "jwk",
        { ...jwk, d: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw" },
        algorithm,
        false,
        ["deriveBits"],
      ),
    };
    const body = await encryptPayload(
      new TextEncoder().encode("When I grow up, I want to be a watermelon"),
      {
        p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
        auth: "BTBZMqHH6r4Tts7J_aSIgg",
      },
      new Uint8Array(b64("DGv6ra1nlYgDCS1FRnbzlw")),
      serverKeys,
    );
    expect(Buffer.from(body).toString("base64url")).toBe(
      "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
    );
  });
});

describe("a push to a push service on loopback", () => {
  let service: Awaited<ReturnType<typeof startPushService>>;
  let vapid: VapidKeys;
  beforeAll(async () => {
    service = await startPushService();
    vapid = (await vapidKeys({ ...(await vapidVars()), VAPID_SUBJECT: "mailto:ops@example.com" })) as VapidKeys;
    return () => service.close();
  });

  const payload = {
    type: "transcription",
    transcriptionId: "t1",
    status: "completed",
    title: "Board meeting.mp3",
    heading: "Transkription abgeschlossen",
  };
  const options = { ttl: 86400, urgency: "normal" } as const;

  it("is signed (VAPID: ES256, aud = the endpoint's origin, at most 24 h, sub) and only the browser reads it", async () => {
    const browser = service.subscribe();
    expect(await sendPush({ endpoint: browser.endpoint, ...browser.keys }, payload, vapid, options)).toEqual({
      result: "sent",
      status: 201,
    });
    expect(service.refused()).toEqual([]);
    const [push] = service.received(browser.endpoint);
    expect(push?.payload).toEqual(payload);
    expect(push?.claims).toMatchObject({ aud: service.origin, sub: "mailto:ops@example.com" });
    // The key in the header is the one the browser subscribed with (its applicationServerKey).
    expect(push?.vapidKey).toBe(vapid.publicKey);
    expect(push?.ttl).toBe("86400");
    expect(push?.urgency).toBe("normal");
  });

  it("a subscription the push service no longer knows (404, 410) is reported gone", async () => {
    for (const status of [404, 410]) {
      const browser = service.subscribe();
      service.answer(browser.endpoint, status);
      expect(await sendPush({ endpoint: browser.endpoint, ...browser.keys }, payload, vapid, options)).toEqual({
        result: "gone",
        status,
      });
    }
  });

  it("encrypted for other keys, the browser cannot read it: the push is refused", async () => {
    const browser = service.subscribe();
    const other = service.subscribe();
    const sent = await sendPush({ endpoint: browser.endpoint, ...other.keys }, payload, vapid, options);
    expect(sent).toEqual({ result: "refused", status: 400 });
    expect(service.refused().at(-1)).toMatch(/Error/);
  });
});

describe("the VAPID settings", () => {
  it("none: no pushes; a malformed key is named; the subject falls back to the app's https origin", async () => {
    expect(await vapidKeys({})).toBeNull();
    const vars = await vapidVars();
    await expect(vapidKeys({ ...vars, VAPID_PUBLIC_KEY: "AAAA" })).rejects.toThrow(/VAPID_PUBLIC_KEY/);
    await expect(vapidKeys({ ...vars, VAPID_PRIVATE_KEY: "AAAA" })).rejects.toThrow(/VAPID_PRIVATE_KEY/);
    expect((await vapidKeys({ ...vars, APP_ORIGIN: "https://verbatim.example.com" }))?.subject).toBe(
      "https://verbatim.example.com",
    );
    expect((await vapidKeys({ ...vars, APP_ORIGIN: "" }))?.subject).toBe("mailto:verbatim@localhost");
  });
});
