import {
  TRANSCRIPT_VERSION_KINDS,
  type TranscriptDoc,
  type TranscriptVersions,
  transcriptDocSchema,
} from "@verbatim/shared";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { transcriptions, users } from "../db/schema";
import { transcriptDocKey, transcriptRunKey, transcriptVersionKey, transcriptVersionsPrefix } from "../store/keys";
import { ownedWrite } from "../store/orphans";
import { reindexTranscription } from "../store/search-index";
import { getById } from "../store/transcriptions";
import { namedSegments } from "./speakers";
import { transcriptText } from "./text";

// The one place a transcript is saved, by a speech-recognition run or by the user (edit, rename, restore).
// D1's transcript_version is the truth: a save claims version v+1 with one guarded UPDATE (… WHERE
// transcript_version = v), so of two saves based on the same version exactly one wins and the other is told
// the current version (409). Every version is kept in R2 (the newest MAX_VERSIONS) so undo works across
// reloads; transcript.json mirrors the current one for readers that want the doc only.

export const MAX_VERSIONS = 50;

export type VersionKind = (typeof TRANSCRIPT_VERSION_KINDS)[number];
type Bucket = { MEDIA: R2Bucket };
type Owner = { id: string; userId: string };
type Versioned = Owner & { transcriptVersion: number };

export type CommitResult = { ok: true; doc: TranscriptDoc } | { ok: false; currentVersion: number };

/** The `[mm:ss] Name: …` text the list, search and text exports use, and the same without markers. */
export function textColumns(doc: Pick<TranscriptDoc, "segments" | "speakers">) {
  const text = transcriptText(namedSegments(doc));
  return { text, filteredText: text.replace(/^\[\d+:\d{2}\] /gm, "") };
}

const parseDoc = async (obj: R2ObjectBody) => transcriptDocSchema.parse(await obj.json());

/** The current transcript (null before the first run has saved one), stamped with D1's version. */
export async function readCurrentDoc(env: Bucket, t: Versioned): Promise<TranscriptDoc | null> {
  const obj =
    (await env.MEDIA.get(transcriptVersionKey(t.userId, t.id, t.transcriptVersion))) ??
    // Saved before versions were kept (version 0), or the version object is not written yet.
    (await env.MEDIA.get(transcriptDocKey(t.userId, t.id)));
  return obj ? { ...(await parseDoc(obj)), version: t.transcriptVersion } : null;
}

/** One saved version, or null when it is not (or no longer) kept. */
export async function readVersion(env: Bucket, t: Owner, version: number): Promise<TranscriptDoc | null> {
  const obj = await env.MEDIA.get(transcriptVersionKey(t.userId, t.id, version));
  return obj ? { ...(await parseDoc(obj)), version } : null;
}

const kindSchema = z.enum(TRANSCRIPT_VERSION_KINDS);

async function listVersionObjects(env: Bucket, t: Owner) {
  const objects: R2Object[] = [];
  let cursor: string | undefined;
  do {
    // `include` is honoured by the runtime (compatibility date ≥ 2022-08-04); the bundled types predate it.
    const options = { prefix: transcriptVersionsPrefix(t.userId, t.id), include: ["customMetadata"], cursor };
    const page = await env.MEDIA.list(options as R2ListOptions);
    objects.push(...page.objects);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return objects;
}

const versionOf = (key: string) => Number(key.slice(key.lastIndexOf("/") + 1, -".json".length));

/** The kept history, newest first, each version with who saved it (by their name today). */
export async function listVersions(env: Bucket, db: Db, t: Versioned): Promise<TranscriptVersions> {
  const objects = await listVersionObjects(env, t);
  const authorIds = [...new Set(objects.map((o) => o.customMetadata?.authorId).filter((id) => id !== undefined))];
  const people =
    authorIds.length === 0
      ? []
      : await db
          .select({ id: users.id, fullName: users.fullName, username: users.username })
          .from(users)
          .where(inArray(users.id, authorIds));
  const names = new Map(people.map((p) => [p.id, p.fullName?.trim() || p.username]));
  return {
    current: t.transcriptVersion,
    versions: objects
      .map((o) => {
        const authorId = o.customMetadata?.authorId;
        const name = authorId === undefined ? undefined : names.get(authorId);
        return {
          version: versionOf(o.key),
          kind: kindSchema.catch("machine").parse(o.customMetadata?.kind),
          created_at: o.customMetadata?.createdAt ?? o.uploaded.toISOString(),
          author: authorId !== undefined && name !== undefined ? { id: authorId, name } : null,
        };
      })
      .sort((a, b) => b.version - a.version),
  };
}

/** What kind of save made `version` (null when it is not kept). */
async function kindOf(env: Bucket, t: Owner, version: number): Promise<VersionKind | null> {
  const head = await env.MEDIA.head(transcriptVersionKey(t.userId, t.id, version));
  return head ? kindSchema.catch("machine").parse(head.customMetadata?.kind) : null;
}

/** A transcript saved before versions were kept becomes version 0 of the history, so it can be restored. */
async function keepLegacyDoc(env: Bucket, t: Owner) {
  if (await env.MEDIA.head(transcriptVersionKey(t.userId, t.id, 0))) return;
  const legacy = await env.MEDIA.get(transcriptDocKey(t.userId, t.id));
  if (!legacy) return;
  await env.MEDIA.put(
    transcriptVersionKey(t.userId, t.id, 0),
    JSON.stringify({ ...(await parseDoc(legacy)), version: 0 }),
    {
      httpMetadata: { contentType: "application/json" },
      customMetadata: { kind: "machine", createdAt: legacy.uploaded.toISOString() },
    },
  );
}

async function pruneVersions(env: Bucket, t: Owner) {
  const objects = await listVersionObjects(env, t);
  if (objects.length <= MAX_VERSIONS) return;
  const oldest = objects.sort((a, b) => versionOf(a.key) - versionOf(b.key)).slice(0, objects.length - MAX_VERSIONS);
  await env.MEDIA.delete(oldest.map((o) => o.key));
}

/**
 * Saves `doc` as version baseVersion+1 if the current version is still baseVersion, rebuilding the D1 text
 * (with speaker names) in the same UPDATE. Answers null when the transcription was deleted meanwhile.
 */
export async function commitTranscript(
  env: Bucket,
  db: Db,
  t: Owner,
  doc: TranscriptDoc,
  { kind, baseVersion, authorId }: { kind: VersionKind; baseVersion: number; authorId?: string },
): Promise<CommitResult | null> {
  if (baseVersion === 0) await keepLegacyDoc(env, t);
  const version = baseVersion + 1;
  const claimed = await db
    .update(transcriptions)
    .set({ transcriptVersion: version, ...textColumns(doc) })
    .where(and(eq(transcriptions.id, t.id), eq(transcriptions.transcriptVersion, baseVersion)))
    .returning({ id: transcriptions.id });
  if (claimed.length === 0) {
    const row = await getById(db, t.id);
    return row ? { ok: false, currentVersion: row.transcriptVersion } : null;
  }
  const saved: TranscriptDoc = { ...doc, version };
  const body = JSON.stringify(saved);
  await env.MEDIA.put(transcriptVersionKey(t.userId, t.id, version), body, {
    httpMetadata: { contentType: "application/json" },
    // Who saved it (a person's edit, rename or restore; a machine run has none), for "Edited by …" and the history.
    customMetadata: { kind, createdAt: new Date().toISOString(), ...(authorId ? { authorId } : {}) },
  });
  if (!(await ownedWrite(env, db, t, transcriptDocKey(t.userId, t.id), body))) return null;
  // Every save changes the D1 text (edits, names, a new run): search and device sync follow it here, once.
  await reindexTranscription(db, t.id);
  await pruneVersions(env, t);
  return { ok: true, doc: saved };
}

const runSchema = z.object({
  edits: z.enum(["keep", "discard"]),
  /** Set once this run's transcript is saved: a repeated job message must not save it again. */
  savedVersion: z.number().int().optional(),
});
type Run = z.infer<typeof runSchema>;

async function readRun(env: Bucket, t: Owner): Promise<Run | null> {
  const obj = await env.MEDIA.get(transcriptRunKey(t.userId, t.id));
  if (!obj) return null;
  const run = runSchema.safeParse(await obj.json());
  return run.success ? run.data : null;
}

const writeRun = (env: Bucket, t: Owner, run: Run) =>
  env.MEDIA.put(transcriptRunKey(t.userId, t.id), JSON.stringify(run), {
    httpMetadata: { contentType: "application/json" },
  });

/**
 * Called when speech recognition is started again (reprocess): what to do with the user's edits once the new
 * transcript arrives. "discard" makes the new machine transcript current; "keep" saves it in the history and
 * makes the edited one current again. Either way every earlier version can still be restored.
 */
export function startTranscriptRun(env: Bucket, t: Owner, edits: Run["edits"]) {
  return writeRun(env, t, { edits });
}

/**
 * Saves a speech-recognition run's transcript as the next version (retrying if a user save lands at the same
 * moment). With edits=keep and an edited transcript current, the edited one is made current again after it.
 * False when the transcription was deleted meanwhile.
 */
export async function commitMachineTranscript(env: Bucket, db: Db, t: Owner, doc: TranscriptDoc): Promise<boolean> {
  const run = (await readRun(env, t)) ?? { edits: "discard" };
  if (run.savedVersion !== undefined) return (await getById(db, t.id)) !== undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await getById(db, t.id);
    if (!row) return false;
    const previous = row.transcriptVersion;
    const saved = await commitTranscript(env, db, t, doc, { kind: "machine", baseVersion: previous });
    if (saved === null) return false;
    if (!saved.ok) continue;
    await writeRun(env, t, { ...run, savedVersion: previous + 1 });
    if (run.edits === "keep" && previous > 0) await restoreEdits(env, db, t, previous);
    return true;
  }
  throw new Error("the transcript kept changing while the new one was being saved");
}

/** Makes `edited` current again on top of the machine version just saved, if it holds the user's changes. */
async function restoreEdits(env: Bucket, db: Db, t: Owner, edited: number) {
  if ((await kindOf(env, t, edited)) === "machine") return;
  const doc = await readVersion(env, t, edited);
  if (doc) await commitTranscript(env, db, t, doc, { kind: "restore", baseVersion: edited + 1 });
}
