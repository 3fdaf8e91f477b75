import {
  createdShareLinkSchema,
  createShareLinkSchema,
  sharedTranscriptSchema,
  shareLinkListSchema,
  sharePagePath,
} from "@verbatim/shared/share-links";
import { Hono } from "hono";
import { z } from "zod";
import { currentUserId, requireUser } from "../auth";
import type { AppEnv } from "../env";
import { notFound } from "../http/errors";
import { doc, json, rangedMedia } from "../http/openapi";
import { validate } from "../http/validate";
import { SECRET_PAGE_HEADERS } from "../rules/secret-page-headers";
import { authorize } from "../store/access";
import { getById } from "../store/transcriptions";
import { streamMedia } from "../transcriptions";
import { sharedView } from "./shared-view";
import { countView, createLink, listLinks, openLink, revokeLink } from "./store";

// Share links: the owner makes and revokes them under /api/transcriptions/{id}/share-links (signed in); anyone
// holding a token reads that one transcription under /api/shared/{token}, with no account.

const tag = "share links";
const docs = {
  list: doc({
    summary: "The share links of one of the caller's transcriptions, with their view counts",
    tag,
    responses: { 200: json(shareLinkListSchema, "The links, newest first (never their tokens)") },
    errors: [404],
  }),
  create: doc({
    summary: "Make a read-only link to one transcription: the answer is the only time its address is shown",
    tag,
    responses: { 201: json(createdShareLinkSchema, "The new link, with its page's `path`") },
    errors: [400, 404],
  }),
  revoke: doc({
    summary: "Revoke a share link: it answers 404 from the next request on",
    tag,
    responses: { 200: json(z.object({ message: z.string(), id: z.string() }), "Revoked") },
    errors: [404],
  }),
  view: doc({
    summary: "What a share link shows (no account needed); each call counts as a view",
    tag,
    auth: false,
    responses: { 200: json(sharedTranscriptSchema, "The shared transcription") },
    errors: [404],
  }),
  media: doc({
    summary: "A shared recording, with HTTP Range support, when the link includes it",
    tag,
    auth: false,
    ...rangedMedia,
    errors: [404],
  }),
};

/** The owner's side, mounted at /api/transcriptions beside the transcription routes. */
export const shareLinkRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/:id/share-links", docs.list, async (c) => {
    const t = await authorize(c.get("db"), currentUserId(c), c.req.param("id"), "read");
    return c.json({ links: await listLinks(c.get("db"), t.id) });
  })
  .post("/:id/share-links", docs.create, validate("json", createShareLinkSchema), async (c) => {
    const t = await authorize(c.get("db"), currentUserId(c), c.req.param("id"), "edit");
    const made = await createLink(c.get("db"), { userId: t.userId, transcriptionId: t.id }, c.req.valid("json"));
    return c.json({ link: made.link, path: sharePagePath(made.token) }, 201);
  })
  .delete("/:id/share-links/:linkId", docs.revoke, async (c) => {
    const t = await authorize(c.get("db"), currentUserId(c), c.req.param("id"), "edit");
    await revokeLink(c.get("db"), t.id, c.req.param("linkId"));
    return c.json({ message: "Share link revoked", id: c.req.param("linkId") });
  });

/** What an outsider reads, at /api/shared: kept out of search engines and caches, and no Referer leaves it. */
export const sharedRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECRET_PAGE_HEADERS)) c.res.headers.set(name, value);
  })
  .get("/:token", docs.view, async (c) => {
    const db = c.get("db");
    const link = await openLink(db, c.req.param("token"));
    const t = await getById(db, link.transcriptionId);
    if (!t) throw notFound("This link does not exist, was revoked or has expired");
    const view = await sharedView(c.env, t, link);
    await countView(db, link.id);
    return c.json(view);
  })
  .get("/:token/media", docs.media, async (c) => {
    const db = c.get("db");
    const link = await openLink(db, c.req.param("token"));
    const t = link.includeRecording ? await getById(db, link.transcriptionId) : undefined;
    if (!t) throw notFound("This link does not share the recording");
    return streamMedia(c.env.MEDIA, t.filePath, c.req.header("Range"));
  });
