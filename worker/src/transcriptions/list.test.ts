import { env } from "cloudflare:test";
import { transcriptionSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, readJson, signUp } from "../../test/http";
import { createDb } from "../db/client";
import { transcriptions } from "../db/schema";

describe("GET /api/transcriptions", () => {
  it("lists the start of each text, and the detail call has all of it", async () => {
    const { user, cookie } = await signUp();
    const text = Array.from({ length: 400 }, (_, i) => `[${String(i).padStart(2, "0")}:00] Sentence number ${i}.`).join(
      "\n",
    );
    const id = crypto.randomUUID();
    await createDb(env.DB)
      .insert(transcriptions)
      .values({
        id,
        userId: user.id,
        fileName: "a.mp3",
        filePath: `users/${user.id}/a.mp3`,
        fileType: "audio/mpeg",
        status: "COMPLETED",
        text,
        formattedTranscript: text,
      });

    const [item] = await readJson(await api("/api/transcriptions", { cookie }), transcriptionSchema.array());
    expect(item?.id).toBe(id);
    expect(item?.text).toBe(text.slice(0, 280));
    expect(item?.formatted_transcript).toBeNull();
    const detail = await readJson(await api(`/api/transcriptions/${id}`, { cookie }), transcriptionSchema);
    expect(detail.text).toBe(text);
    expect(detail.formatted_transcript).toBe(text);
  });
});
