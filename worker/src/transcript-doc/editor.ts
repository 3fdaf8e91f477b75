import {
  type SpeakerRename,
  type TranscriptDoc,
  type TranscriptSave,
  VERSION_CONFLICT,
  type VersionConflict,
} from "@verbatim/shared";
import type { Db } from "../db/client";
import type { TranscriptionRow } from "../db/schema";
import { ApiError, notFound } from "../http/errors";
import { authorize } from "../store/access";
import { editIssues } from "./edit-checks";
import { relabelAnalysis, relabels } from "./relabel-analysis";
import { type CommitResult, commitTranscript, readCurrentDoc, readVersion, type VersionKind } from "./store";
import { suggestSpeakerNames } from "./suggestions";

// The user's changes to a transcript: edits, speaker names, restoring an earlier version. Each is saved
// against the version the user started from (baseVersion); if someone saved in between, 409 says which version
// is current so the app can offer to reload, and nothing is overwritten.

type Bucket = { MEDIA: R2Bucket };

function conflict(currentVersion: number) {
  const details: Omit<VersionConflict, "message"> = { code: VERSION_CONFLICT, currentVersion };
  return new ApiError(
    409,
    `The transcript was changed elsewhere (it is now at version ${currentVersion}). Reload it to see the changes; yours were not saved.`,
    {},
    details,
  );
}

/** The current transcript; with `base`, a change based on another version is refused before it is checked. */
async function currentDoc(env: Bucket, db: Db, userId: string, id: string, base?: number) {
  // A base version means a change is coming: that needs `edit`; reading needs `read`.
  const t = await authorize(db, userId, id, base === undefined ? "read" : "edit");
  const doc = await readCurrentDoc(env, t);
  if (!doc) throw notFound("The timed transcript is not ready yet");
  if (base !== undefined && base !== t.transcriptVersion) throw conflict(t.transcriptVersion);
  return { t, doc };
}

/** Saves `doc` over `current` (the version the user started from) and carries changed speaker names into the analysis. */
async function save(
  env: Bucket,
  db: Db,
  { t, current, authorId }: { t: TranscriptionRow; current: TranscriptDoc; authorId: string },
  doc: TranscriptDoc,
  kind: VersionKind,
  base: number,
) {
  const saved: CommitResult | null = await commitTranscript(env, db, t, doc, { kind, baseVersion: base, authorId });
  if (saved === null) throw notFound("Transcription not found");
  if (!saved.ok) throw conflict(saved.currentVersion);
  await relabelAnalysis(db, t, relabels(current.speakers ?? [], doc.speakers ?? []));
  return saved.doc;
}

const invalid = (issues: { field: string; message: string }[]) =>
  new ApiError(400, issues[0]?.message ?? "Invalid transcript", {}, { errors: issues.slice(0, 50) });

/** Saves the whole edited transcript (segments, their words and speakers) as the next version. */
export async function saveTranscript(env: Bucket, db: Db, userId: string, id: string, edit: TranscriptSave) {
  const { t, doc } = await currentDoc(env, db, userId, id, edit.baseVersion);
  const issues = editIssues(edit, doc);
  if (issues.length > 0) throw invalid(issues);
  const next: TranscriptDoc = {
    ...doc,
    segments: edit.segments,
    ...(edit.speakers.length > 0 || doc.speakers ? { speakers: edit.speakers } : {}),
  };
  return save(env, db, { t, current: doc, authorId: userId }, next, "edit", edit.baseVersion);
}

/** Gives speakers names (or takes them away with null); every view and export shows them from then on. */
export async function renameSpeakers(env: Bucket, db: Db, userId: string, id: string, rename: SpeakerRename) {
  const { t, doc } = await currentDoc(env, db, userId, id, rename.baseVersion);
  const speakers = doc.speakers ?? [];
  const unknown = Object.keys(rename.names).filter((sid) => !speakers.some((s) => s.id === sid));
  if (unknown.length > 0)
    throw invalid(
      unknown.map((sid) => ({ field: `names.${sid}`, message: `This transcript has no speaker "${sid}"` })),
    );
  const next: TranscriptDoc = {
    ...doc,
    speakers: speakers.map((s) => (s.id in rename.names ? { ...s, name: rename.names[s.id] ?? null } : s)),
  };
  return save(env, db, { t, current: doc, authorId: userId }, next, "rename", rename.baseVersion);
}

/** Makes an earlier version current again, as a new version (so the restore can itself be undone). */
export async function restoreVersion(
  env: Bucket,
  db: Db,
  userId: string,
  id: string,
  { baseVersion, version }: { baseVersion: number; version: number },
) {
  const { t, doc } = await currentDoc(env, db, userId, id, baseVersion);
  const earlier = await readVersion(env, t, version);
  if (!earlier) throw notFound(`Version ${version} of this transcript is not kept`);
  return save(env, db, { t, current: doc, authorId: userId }, earlier, "restore", baseVersion);
}

export async function speakerSuggestions(env: Bucket, db: Db, userId: string, id: string) {
  const { doc } = await currentDoc(env, db, userId, id);
  return { suggestions: suggestSpeakerNames(doc) };
}
