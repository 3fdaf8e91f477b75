import {
  speakerRenameSchema,
  speakerSuggestionsSchema,
  transcriptDocSchema,
  transcriptRestoreSchema,
  transcriptSaveSchema,
  transcriptVersionsSchema,
  versionConflictSchema,
} from "@verbatim/shared";
import { Hono } from "hono";
import { z } from "zod";
import { currentUserId } from "../auth";
import type { AppEnv } from "../env";
import { notFound } from "../http/errors";
import { doc, json } from "../http/openapi";
import { validate } from "../http/validate";
import { authorize } from "../store/access";
import {
  listVersions,
  readVersion,
  renameSpeakers,
  restoreVersion,
  saveTranscript,
  speakerSuggestions,
} from "../transcript-doc";
import { announce } from "../webhooks";

// The transcript editor and speaker names (shared/src/transcript-edit.ts). Thin: the rules live in
// transcript-doc/editor.ts and store.ts. Mounted under /transcriptions, behind its sign-in check. Each saved version
// (an edit, speaker names, a restore) is a transcription.updated webhook.

const tag = "transcript editor";
const saved = (description: string) => json(transcriptDocSchema, description);
const stale = { 409: json(versionConflictSchema, "Saved by someone else since baseVersion: reload currentVersion") };
const docs = {
  save: doc({
    summary: "Save the edited transcript (segments, words, speakers) as the next version",
    description:
      "Times must lie inside the recording (start ≤ end, words inside their segment) and every speaker a segment or word names must be listed.",
    tag,
    responses: { 200: saved("The saved transcript with its new version"), ...stale },
    errors: [400, 404],
  }),
  rename: doc({
    summary: 'Name speakers ("Speaker 1" → "Dana"); null takes a name away',
    tag,
    responses: { 200: saved("The transcript with the names, as a new version"), ...stale },
    errors: [400, 404],
  }),
  suggestions: doc({
    summary: "Names heard in self-introductions, per speaker (never applied by the server)",
    tag,
    responses: { 200: json(speakerSuggestionsSchema, "The suggestions") },
    errors: [404],
  }),
  versions: doc({
    summary: "The saved versions of the transcript, newest first (the newest 50 are kept)",
    tag,
    responses: { 200: json(transcriptVersionsSchema, "The history") },
    errors: [404],
  }),
  version: doc({
    summary: "One saved version of the transcript",
    tag,
    responses: { 200: saved("That version") },
    errors: [400, 404],
  }),
  restore: doc({
    summary: "Make an earlier version current again (saved as a new version, so it can be undone too)",
    tag,
    responses: { 200: saved("The restored transcript with its new version"), ...stale },
    errors: [400, 404],
  }),
};

const versionParam = z.object({ id: z.string(), version: z.coerce.number().int().nonnegative() });

export const transcriptRoutes = new Hono<AppEnv>()
  .put("/:id/transcript", docs.save, validate("json", transcriptSaveSchema), async (c) => {
    const id = c.req.param("id");
    const saved = await saveTranscript(c.env, c.get("db"), currentUserId(c), id, c.req.valid("json"));
    await announce(c.env, currentUserId(c), id, "transcription.updated");
    return c.json(saved);
  })
  .patch("/:id/speakers", docs.rename, validate("json", speakerRenameSchema), async (c) => {
    const id = c.req.param("id");
    const saved = await renameSpeakers(c.env, c.get("db"), currentUserId(c), id, c.req.valid("json"));
    await announce(c.env, currentUserId(c), id, "transcription.updated");
    return c.json(saved);
  })
  .get("/:id/speakers/suggestions", docs.suggestions, async (c) => {
    return c.json(await speakerSuggestions(c.env, c.get("db"), currentUserId(c), c.req.param("id")));
  })
  .get("/:id/transcript/versions", docs.versions, async (c) => {
    const t = await authorize(c.get("db"), currentUserId(c), c.req.param("id"), "read");
    return c.json(await listVersions(c.env, c.get("db"), t));
  })
  .get("/:id/transcript/versions/:version", docs.version, validate("param", versionParam), async (c) => {
    const { id, version } = c.req.valid("param");
    const t = await authorize(c.get("db"), currentUserId(c), id, "read");
    const found = await readVersion(c.env, t, version);
    if (!found) throw notFound(`Version ${version} of this transcript is not kept`);
    return c.json(found);
  })
  .post("/:id/transcript/restore", docs.restore, validate("json", transcriptRestoreSchema), async (c) => {
    const id = c.req.param("id");
    const restored = await restoreVersion(c.env, c.get("db"), currentUserId(c), id, c.req.valid("json"));
    await announce(c.env, currentUserId(c), id, "transcription.updated");
    return c.json(restored);
  });
