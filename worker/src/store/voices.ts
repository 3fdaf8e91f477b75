import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { speakerVoices, voiceProfiles } from "../db/schema";
import type { Space } from "./transcriptions";

// Voice embeddings in D1: each diarized transcription's speakers' (speaker_voices) and the voices the user asked to
// remember (voice_profiles). Embeddings are stored as JSON arrays; they are read only on the server.

export type VoiceProfileRow = typeof voiceProfiles.$inferSelect;

/** The voices of a space: a team's, or the user's own (docs/architecture/workspaces.md). */
const ofSpace = ({ userId, workspaceId }: Space) =>
  workspaceId === null
    ? and(eq(voiceProfiles.userId, userId), isNull(voiceProfiles.workspaceId))
    : eq(voiceProfiles.workspaceId, workspaceId);

const parse = (embedding: string) => JSON.parse(embedding) as number[];
// Six decimals keep a cosine to about 1e-5, at a third of the JSON of full doubles.
const serialize = (voice: readonly number[]) => JSON.stringify(voice.map((x) => Math.round(x * 1e6) / 1e6));

/** The speakers' voices of a transcription's latest speech-recognition run, in place of the earlier run's. */
export async function replaceSpeakerVoices(db: Db, transcriptionId: string, voices: ReadonlyMap<string, number[]>) {
  const rows = [...voices].map(([speakerId, voice]) => ({ transcriptionId, speakerId, embedding: serialize(voice) }));
  await db.batch([
    db.delete(speakerVoices).where(eq(speakerVoices.transcriptionId, transcriptionId)),
    ...rows.map((row) => db.insert(speakerVoices).values(row)),
  ]);
}

export async function speakerVoicesOf(db: Db, transcriptionId: string): Promise<Map<string, number[]>> {
  const rows = await db.select().from(speakerVoices).where(eq(speakerVoices.transcriptionId, transcriptionId));
  return new Map(rows.map((r) => [r.speakerId, parse(r.embedding)]));
}

export function listVoiceProfiles(db: Db, space: Space): Promise<VoiceProfileRow[]> {
  return db.select().from(voiceProfiles).where(ofSpace(space)).orderBy(voiceProfiles.name);
}

export const findVoiceProfile = (db: Db, id: string) =>
  db.query.voiceProfiles.findFirst({ where: eq(voiceProfiles.id, id) });

export const profileVoice = (row: VoiceProfileRow) => parse(row.embedding);

export async function findVoiceProfileByName(db: Db, space: Space, name: string) {
  return db.query.voiceProfiles.findFirst({ where: and(ofSpace(space), eq(voiceProfiles.name, name)) });
}

/** A new voice in the space; `space.userId` is who remembered it. */
export async function insertVoiceProfile(db: Db, space: Space, name: string, voice: readonly number[]) {
  const [row] = await db
    .insert(voiceProfiles)
    .values({ id: crypto.randomUUID(), ...space, name, embedding: serialize(voice) })
    .returning();
  return row as VoiceProfileRow;
}

/** Changes a voice the caller was already allowed to change (voices/service.ts decides). */
export async function updateVoiceProfile(
  db: Db,
  id: string,
  change: { name?: string; voice?: readonly number[]; samples?: number },
) {
  const [row] = await db
    .update(voiceProfiles)
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.voice ? { embedding: serialize(change.voice) } : {}),
      ...(change.samples !== undefined ? { samples: change.samples } : {}),
      updatedAt: new Date().toISOString(),
    })
    .where(eq(voiceProfiles.id, id))
    .returning();
  return row;
}

export async function deleteVoiceProfile(db: Db, id: string): Promise<boolean> {
  const gone = await db.delete(voiceProfiles).where(eq(voiceProfiles.id, id)).returning({ id: voiceProfiles.id });
  return gone.length > 0;
}
