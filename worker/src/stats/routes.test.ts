import { env } from "cloudflare:test";
import { statsSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { apiWithEnv, readJson, signUp } from "../../test/http";
import { seedTranscription } from "../../test/transcriptions";
import { forgetStats } from "./routes";

const segmentOf = (seconds: number) => [{ start: 0, end: seconds, text: "Hello." }];

async function stats() {
  const res = await apiWithEnv({}, "/api/stats");
  expect(res.status).toBe(200);
  expect(res.headers.get("Cache-Control")).toBe("public, max-age=600");
  return readJson(res, statsSchema);
}

describe("GET /api/stats", () => {
  it("counts the hours of completed transcriptions only, with no session", async () => {
    forgetStats();
    const before = (await stats()).hoursTranscribed;
    const { user } = await signUp();
    await seedTranscription(user.id, "Long", segmentOf(2 * 3600 + 1800));
    await seedTranscription(user.id, "Short", segmentOf(1800));
    const failed = await seedTranscription(user.id, "Failed", segmentOf(10 * 3600));
    await env.DB.prepare("UPDATE transcriptions SET status = 'FAILED' WHERE id = ?").bind(failed).run();

    // Cached: the new rows show only once the figure is computed again.
    expect((await stats()).hoursTranscribed).toBe(before);
    forgetStats();
    expect((await stats()).hoursTranscribed).toBe(before + 3);
  });
});
