import { describe, expect, it } from "vitest";
import { api, signUp } from "../../test/http";
import { createApp } from "../app";

type Operation = {
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, unknown> };
  parameters?: { in: string; name: string }[];
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string; anyOf?: { $ref: string }[] } }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { in: string; name: string }> };
};

async function document() {
  const res = await api("/api/openapi.json");
  expect(res.status).toBe(200);
  return (await res.json()) as Document;
}

const toOpenApiPath = (path: string) => path.replace(/:([^/{]+)(\{[^}]*\})?/g, "{$1}");

describe("GET /api/openapi.json", () => {
  it("describes every route the app serves, as OpenAPI 3.1", async () => {
    const doc = await document();
    expect(doc.openapi).toBe("3.1.0");
    const served = createApp()
      .routes.filter((r) => r.method !== "ALL")
      .map((r) => `${r.method.toLowerCase()} ${toOpenApiPath(r.path)}`);
    const described = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(new Set(described)).toEqual(new Set(served));
  });

  it("gives every operation a success response, its error shapes and whether it needs the session cookie", async () => {
    const doc = await document();
    // Every schema is resolved to JSON Schema (a zod schema left in would serialise as {"vendor":"zod"}).
    expect(JSON.stringify(doc)).not.toContain('"vendor"');
    expect(doc.components.securitySchemes.session).toMatchObject({ in: "cookie", name: "verbatim_session" });
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method} ${path}`;
        // Success is a 2xx, or for browser navigations (Google sign-in) a redirect.
        expect(
          Object.keys(op.responses).some((s) => s.startsWith("2") || s === "302"),
          where,
        ).toBe(true);
        expect(op.security, where).toBeDefined();
        // OpenAI's audio API (/v1) answers OpenAI's error shape; the rest of the API its own.
        if (op.security?.length)
          expect(op.responses["401"]?.content?.["application/json"]?.schema.$ref, where).toBe(
            path.startsWith("/v1/") ? "#/components/schemas/OpenAIError" : "#/components/schemas/ApiError",
          );
        if (method !== "get") expect(op.responses["403"], where).toBeDefined();
        for (const param of path.match(/\{[^}]+\}/g) ?? []) {
          expect(
            op.parameters?.some((p) => p.in === "path" && `{${p.name}}` === param),
            where,
          ).toBe(true);
        }
      }
    }
    const signIn = doc.paths["/api/login"]?.post;
    expect(signIn?.security).toEqual([]);
    expect(signIn?.requestBody?.content["application/json"]).toBeDefined();
    const refs = signIn?.responses["400"]?.content?.["application/json"]?.schema.anyOf?.map((s) => s.$ref);
    expect(refs).toEqual(["#/components/schemas/ValidationError", "#/components/schemas/ApiError"]);
    expect(doc.components.schemas).toHaveProperty("Transcription");
    expect(doc.paths["/api/transcriptions/upload"]?.post?.requestBody?.content).toHaveProperty("multipart/form-data");
    expect(doc.paths["/api/uploads/{id}/parts/{n}"]?.put?.requestBody?.content).toHaveProperty(
      "application/octet-stream",
    );
    expect(doc.paths["/api/transcriptions/{id}/export"]?.get?.parameters).toContainEqual(
      expect.objectContaining({ in: "query", name: "format" }),
    );
  });

  it("documents every field the upload form reads, the spoken language among them", async () => {
    const doc = await document();
    const form = doc.paths["/api/transcriptions/upload"]?.post?.requestBody?.content["multipart/form-data"] as {
      schema: { properties: Record<string, { enum?: string[] }> };
    };
    expect(Object.keys(form.schema.properties).sort()).toEqual(
      ["diarize", "file", "language", "name", "num_speakers", "size"].sort(),
    );
    expect(form.schema.properties.language?.enum).toContain("de");
  });

  it("describes the validation error a refused body actually gets", async () => {
    const res = await api("/api/register", { method: "POST", json: { username: "ab", password: 1 } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Username must be at least 3 characters",
      errors: [
        { field: "username", message: "Username must be at least 3 characters" },
        { field: "password", message: "Password must be at least 6 characters" },
        { field: "email", message: "Please enter a valid email" },
      ],
    });
    // The document is the same for a signed-in caller: nothing in it depends on the session.
    const { cookie } = await signUp();
    const signedIn = await api("/api/openapi.json", { cookie });
    expect(await signedIn.json()).toEqual(await document());
  });
});
