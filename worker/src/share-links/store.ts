import type { CreateShareLink, ShareLink } from "@verbatim/shared/share-links";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { shareLinks } from "../db/schema";
import { notFound } from "../http/errors";
import { hashToken, newToken } from "../rules/secret-token";

type Row = typeof shareLinks.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

const toShareLink = (row: Row): ShareLink => ({
  id: row.id,
  includeRecording: row.includeRecording,
  includeSummary: row.includeSummary,
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
  viewCount: row.viewCount,
  lastViewedAt: row.lastViewedAt,
});

/** The links made for one transcription, newest first. */
export async function listLinks(db: Db, transcriptionId: string) {
  const rows = await db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.transcriptionId, transcriptionId))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  return rows.map(toShareLink);
}

/** A new link for a transcription the caller owns; its token leaves the server only in this answer. */
export async function createLink(
  db: Db,
  owner: { userId: string; transcriptionId: string },
  options: Required<CreateShareLink>,
) {
  const token = newToken();
  const [row] = await db
    .insert(shareLinks)
    .values({
      id: crypto.randomUUID(),
      ...owner,
      tokenHash: hashToken(token),
      includeRecording: options.includeRecording,
      includeSummary: options.includeSummary,
      expiresAt: options.expiresInDays ? new Date(Date.now() + options.expiresInDays * DAY_MS).toISOString() : null,
    })
    .returning();
  if (!row) throw new Error("The share link was not stored");
  return { link: toShareLink(row), token };
}

/** Revokes a link of this transcription: the row goes, so the token answers 404 from the next request on. */
export async function revokeLink(db: Db, transcriptionId: string, id: string) {
  const gone = await db
    .delete(shareLinks)
    .where(and(eq(shareLinks.id, id), eq(shareLinks.transcriptionId, transcriptionId)))
    .returning({ id: shareLinks.id });
  if (gone.length === 0) throw notFound("Share link not found");
}

/** The link a token opens, or a 404 when it is unknown, revoked or expired (the same answer for each). */
export async function openLink(db: Db, token: string) {
  // A token is 43 characters; anything far longer is not one, and is not hashed.
  const row =
    token.length <= 64
      ? await db.query.shareLinks.findFirst({ where: eq(shareLinks.tokenHash, hashToken(token)) })
      : undefined;
  if (!row || (row.expiresAt !== null && Date.parse(row.expiresAt) <= Date.now())) {
    throw notFound("This link does not exist, was revoked or has expired");
  }
  return row;
}

/** Counts one opening of the shared page. */
export async function countView(db: Db, id: string) {
  await db
    .update(shareLinks)
    .set({ viewCount: sql`${shareLinks.viewCount} + 1`, lastViewedAt: new Date().toISOString() })
    .where(eq(shareLinks.id, id));
}
