import { withoutUnsafeChars } from "@verbatim/shared";
import { and, desc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type TranscriptionRow, transcriptionChunks, transcriptionLogs, transcriptions } from "../db/schema";
import { reindexTranscription } from "./search-index";

/** A space's transcriptions: a team's, or the personal ones of `userId` (docs/architecture/workspaces.md). */
export interface Space {
  userId: string;
  workspaceId: string | null;
}

/** The space a transcription is in, with its uploader as the user. */
export const spaceOf = (row: Pick<TranscriptionRow, "userId" | "workspaceId">): Space => ({
  userId: row.userId,
  workspaceId: row.workspaceId,
});

/** The rows of a space, for a WHERE clause. */
export const inSpace = ({ userId, workspaceId }: Space) =>
  workspaceId === null
    ? and(eq(transcriptions.userId, userId), isNull(transcriptions.workspaceId))
    : eq(transcriptions.workspaceId, workspaceId);

/** What of `text` the list returns; the detail call has all of it. */
export const LIST_TEXT_CHARS = 280;

/**
 * The list's rows. The long text columns stay in D1 (the text cut to its start there): reading them whole
 * for every row made the list of 200 transcriptions the slowest endpoint under load (pnpm bench:api).
 */
export function listInSpace(db: Db, space: Space) {
  return db
    .select({
      ...getTableColumns(transcriptions),
      text: sql<string | null>`substr(${transcriptions.text}, 1, ${LIST_TEXT_CHARS})`,
      filteredText: sql<null>`NULL`,
      formattedTranscript: sql<null>`NULL`,
    })
    .from(transcriptions)
    .where(inSpace(space))
    .orderBy(desc(transcriptions.createdAt), desc(transcriptions.id));
}

/** Seconds of audio in every COMPLETED transcription, all users together (the landing page's counter). */
export async function completedSeconds(db: Db): Promise<number> {
  const [row] = await db
    .select({ seconds: sql<number | null>`SUM(${transcriptions.duration})` })
    .from(transcriptions)
    .where(eq(transcriptions.status, "COMPLETED"));
  return row?.seconds ?? 0;
}

export function getById(db: Db, id: string) {
  return db.query.transcriptions.findFirst({ where: eq(transcriptions.id, id) });
}

/** Every upload path lands here: the stored file name loses control and bidi-control characters once, for all. */
export async function insertTranscription(db: Db, values: typeof transcriptions.$inferInsert) {
  const fileName = withoutUnsafeChars(values.fileName);
  const [row] = await db
    .insert(transcriptions)
    .values({ ...values, fileName })
    .returning();
  if (!row) throw new Error("insert returned no row");
  await reindexTranscription(db, row.id);
  return row;
}

export function updateTranscription(db: Db, id: string, values: Partial<typeof transcriptions.$inferInsert>) {
  return db.update(transcriptions).set(values).where(eq(transcriptions.id, id));
}

/** Progress only ever rises, whichever of several parallel chunk jobs reports last. */
export function raiseProgress(db: Db, id: string, percent: number) {
  const p = Math.max(0, Math.min(100, Math.round(percent)));
  return db
    .update(transcriptions)
    .set({ progressPercentage: sql`max(${transcriptions.progressPercentage}, ${p})` })
    .where(eq(transcriptions.id, id));
}

export async function appendLog(
  db: Db,
  transcriptionId: string,
  message: string,
  level: "info" | "warn" | "error" = "info",
) {
  await db.insert(transcriptionLogs).values({ transcriptionId, message, level });
}

export function listLogs(db: Db, transcriptionId: string) {
  return db
    .select()
    .from(transcriptionLogs)
    .where(eq(transcriptionLogs.transcriptionId, transcriptionId))
    .orderBy(transcriptionLogs.id);
}

export function listChunks(db: Db, transcriptionId: string) {
  return db
    .select()
    .from(transcriptionChunks)
    .where(eq(transcriptionChunks.transcriptionId, transcriptionId))
    .orderBy(transcriptionChunks.idx);
}
