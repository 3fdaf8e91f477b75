import {
  heardVoicesSchema,
  rememberVoiceSchema,
  renameVoiceSchema,
  voiceListSchema,
  voiceProfileSchema,
} from "@verbatim/shared";
import { spaceQuerySchema } from "@verbatim/shared/workspaces";
import { Hono } from "hono";
import { z } from "zod";
import { currentUserId, requireUser } from "../auth";
import type { AppEnv } from "../env";
import { doc, json } from "../http/openapi";
import { validate } from "../http/validate";
import { forgetVoice, heardVoices, listVoices, rememberVoice, renameVoice } from "./service";

const tag = "voices";
const docs = {
  list: doc({
    summary: "The voices remembered in a space (the caller's own, or a team's), by name",
    tag,
    responses: { 200: json(voiceListSchema, "The remembered voices (names and counts; never the voices themselves)") },
    errors: [400, 404],
  }),
  remember: doc({
    summary: "Remember a transcription's speaker's voice under a name, so later recordings name that speaker",
    tag,
    description:
      "Adds the voice to the remembered voice of the same name, if there is one. 409 when the speaker's voice was " +
      "not kept (speaker recognition by another engine, or none).",
    responses: {
      200: json(voiceProfileSchema, "The remembered voice of that name, now with this voice too"),
      201: json(voiceProfileSchema, "A new remembered voice"),
    },
    errors: [400, 404, 409],
  }),
  heard: doc({
    summary: "A transcription's speakers whose voice was kept, each with the remembered voice it matches",
    tag,
    responses: { 200: json(heardVoicesSchema, "The speakers with a kept voice") },
    errors: [404],
  }),
  rename: doc({
    summary: "Rename a remembered voice (later recordings use the new name)",
    tag,
    responses: { 200: json(voiceProfileSchema, "The renamed voice") },
    errors: [400, 404, 409],
  }),
  forget: doc({
    summary: "Forget a remembered voice: its voice data is deleted at once",
    tag,
    responses: { 200: json(z.object({ message: z.string(), id: z.string() }), "Forgotten") },
    errors: [404],
  }),
};

export const voiceRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", docs.list, validate("query", spaceQuerySchema), async (c) =>
    c.json({ voices: await listVoices(c.get("db"), currentUserId(c), c.req.valid("query").space) }),
  )
  .post("/", docs.remember, validate("json", rememberVoiceSchema), async (c) => {
    const { voice, created } = await rememberVoice(c.get("db"), currentUserId(c), c.req.valid("json"));
    return c.json(voice, created ? 201 : 200);
  })
  .get("/heard/:transcriptionId", docs.heard, async (c) => {
    return c.json(await heardVoices(c.get("db"), currentUserId(c), c.req.param("transcriptionId")));
  })
  .patch("/:id", docs.rename, validate("json", renameVoiceSchema), async (c) => {
    return c.json(await renameVoice(c.get("db"), currentUserId(c), c.req.param("id"), c.req.valid("json").name));
  })
  .delete("/:id", docs.forget, async (c) => {
    await forgetVoice(c.get("db"), currentUserId(c), c.req.param("id"));
    return c.json({ message: "Voice forgotten", id: c.req.param("id") });
  });
