import { createdApiKeySchema } from "@verbatim/shared/api-keys";
import { webhookEndpointSchema, webhookPayloadSchema } from "@verbatim/shared/webhooks";
import OpenAI, { toFile } from "openai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { api, makePro, ORIGIN, readJson, signUp } from "../../test/http";
import { testFile } from "../../test/transcriptions";
import { configure, receiverEndpoint, waitForReceived } from "../../test/webhooks";

// Issue 38's whole story, as a script would live it: one API key, no session. It subscribes a receiver to finished
// transcriptions, uploads a recording with OpenAI's own client, gets a diarized transcript back, and its receiver (built
// on the `standardwebhooks` library, testing/webhook-receiver.mjs) verifies the signed transcription.completed.

const diarized = z.object({
  segments: z
    .array(z.object({ start: z.number(), end: z.number(), text: z.string(), speaker: z.string().min(1) }))
    .min(1),
});

describe("a script with an API key", () => {
  it("transcribes with OpenAI's SDK, gets speakers back, and receives a signed transcription.completed", async () => {
    const { user, cookie } = await signUp();
    await makePro(user.id);
    const made = await api("/api/api-keys", {
      method: "POST",
      cookie,
      json: { name: "meeting bot", scopes: ["transcriptions:write", "webhooks:manage"] },
    });
    const { key } = await readJson(made, createdApiKeySchema);
    const bearer = { Authorization: `Bearer ${key}` };

    // The script subscribes its receiver with the key alone.
    const target = await receiverEndpoint();
    const subscribed = await api("/api/webhooks", {
      method: "POST",
      headers: bearer,
      json: { url: target.url, events: ["transcription.completed"] },
    });
    expect(subscribed.status).toBe(201);
    const endpoint = await readJson(subscribed, webhookEndpointSchema);
    await configure(target.name, { secret: endpoint.secret });

    const openai = new OpenAI({
      apiKey: key,
      baseURL: `${ORIGIN}/v1`,
      maxRetries: 0,
      timeout: 170_000,
      fetch: (url, init) => api(String(url), init),
    });
    const file = await toFile(await testFile("jfk.mp3"), "jfk.mp3", { type: "audio/mpeg" });
    const { data, response } = await openai.audio.transcriptions
      .create({ file, model: "whisper-1", response_format: "diarized_json" })
      .withResponse();
    expect(response.status).toBe(200);
    const id = response.headers.get("Verbatim-Transcription-Id");
    expect(diarized.parse(data).segments.length).toBeGreaterThan(0);

    const [message] = await waitForReceived(target.name, 1);
    expect(message?.error).toBeNull();
    expect(message?.verified).toBe(true);
    expect(webhookPayloadSchema.parse(JSON.parse(message?.body ?? ""))).toMatchObject({
      type: "transcription.completed",
      data: { id, status: "COMPLETED" },
    });
  });
});
