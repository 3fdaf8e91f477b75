import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "./errors";
import { NOT_JSON, readOptionalJson } from "./validate";

// Routes whose JSON body is optional (reprocess, upload completion, recording import) read it through one helper.

const schema = z.object({ diarize: z.boolean().default(false) });
const post = (body: BodyInit | null, contentType?: string) =>
  new Request("http://x/", { method: "POST", body, headers: contentType ? { "Content-Type": contentType } : {} });

async function refusal(req: Request) {
  const err = await readOptionalJson(req, schema).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  return { status: (err as ApiError).status, message: (err as ApiError).message };
}

describe("readOptionalJson", () => {
  it("reads no body, or an empty one, as the schema's defaults", async () => {
    expect(await readOptionalJson(post(null), schema)).toEqual({ diarize: false });
    expect(await readOptionalJson(post("  ", "application/json"), schema)).toEqual({ diarize: false });
  });

  it("reads a JSON body that matches", async () => {
    expect(await readOptionalJson(post('{"diarize":true}', "application/json"), schema)).toEqual({ diarize: true });
  });

  it("refuses a body that is not labelled JSON, malformed JSON and a mismatch, each with its reason", async () => {
    expect(await refusal(post('{"diarize":true}', "text/plain"))).toEqual({ status: 400, message: NOT_JSON });
    expect(await refusal(post("{", "application/json"))).toEqual({ status: 400, message: "Malformed request body" });
    expect((await refusal(post('{"diarize":"maybe"}', "application/json"))).status).toBe(400);
  });
});
