import { apiKeyListSchema, createApiKeySchema, createdApiKeySchema } from "@verbatim/shared/api-keys";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { doc, json } from "../http/openapi";
import { validate } from "../http/validate";
import { createKey, listKeys, revokeKey } from "./api-key";
import { currentUserId, requireUser } from "./middleware";

// Settings › API: a signed-in session manages the keys; a key never reaches these routes (rules/api-key-scopes.ts).

const tag = "api-keys";
const docs = {
  list: doc({
    summary: "The caller's API keys (never the keys themselves)",
    tag,
    responses: { 200: json(apiKeyListSchema, "The keys, newest first") },
  }),
  create: doc({
    summary: "Create an API key: the answer is the only time the whole key is shown",
    tag,
    responses: { 201: json(createdApiKeySchema, "The new key, with `key` in full") },
    errors: [400, 409],
  }),
  revoke: doc({
    summary: "Revoke an API key: it stops working with the next request",
    tag,
    responses: { 200: json(z.object({ message: z.string(), id: z.string() }), "Revoked") },
    errors: [404],
  }),
};

export const apiKeyRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", docs.list, async (c) => c.json({ keys: await listKeys(c.get("db"), currentUserId(c)) }))
  .post("/", docs.create, validate("json", createApiKeySchema), async (c) => {
    return c.json(await createKey(c.get("db"), currentUserId(c), c.req.valid("json")), 201);
  })
  .delete("/:id", docs.revoke, async (c) => {
    await revokeKey(c.get("db"), currentUserId(c), c.req.param("id"));
    return c.json({ message: "API key revoked", id: c.req.param("id") });
  });
