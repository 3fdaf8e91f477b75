import type { HeardVoices, RememberVoice, TranscriptDoc, VoiceProfile } from "@verbatim/shared";
import type { Db } from "../db/client";
import { ApiError, notFound } from "../http/errors";
import { matchVoices, meanVoice } from "../rules/voices";
import { authorize, authorizeSpace } from "../store/access";
import { type Space, spaceOf } from "../store/transcriptions";
import {
  deleteVoiceProfile,
  findVoiceProfile,
  findVoiceProfileByName,
  insertVoiceProfile,
  listVoiceProfiles,
  profileVoice,
  replaceSpeakerVoices,
  speakerVoicesOf,
  updateVoiceProfile,
  type VoiceProfileRow,
} from "../store/voices";

// Voices remembered across recordings: the user names a speaker and remembers the voice; every later
// speech-recognition run names the speakers whose voice matches (rules/voices.ts), as Otter and Speakr do.

const publicProfile = ({ id, name, samples, createdAt, updatedAt }: VoiceProfileRow): VoiceProfile => ({
  id,
  name,
  samples,
  createdAt,
  updatedAt,
});

async function knownVoices(db: Db, space: Space) {
  const profiles = await listVoiceProfiles(db, space);
  return { profiles, voices: new Map(profiles.map((p) => [p.id, profileVoice(p)])) };
}

/**
 * A new speech-recognition run's transcript with its unnamed speakers named after the remembered voices of its
 * space (the uploader's own, or its team's) they match, and its speakers' voices kept for remembering later. Without voices (another engine, no speaker
 * recognition) the transcript is as it was.
 */
export async function recognizeVoices(
  db: Db,
  space: Space,
  transcriptionId: string,
  doc: TranscriptDoc,
  heard: ReadonlyMap<string, number[]>,
): Promise<TranscriptDoc> {
  await replaceSpeakerVoices(db, transcriptionId, heard);
  if (heard.size === 0 || !doc.speakers?.length) return doc;
  const { profiles, voices } = await knownVoices(db, space);
  if (profiles.length === 0) return doc;
  const unnamed = new Map([...heard].filter(([id]) => doc.speakers?.some((s) => s.id === id && s.name === null)));
  const matched = matchVoices(unnamed, voices);
  const nameOf = new Map(profiles.map((p) => [p.id, p.name]));
  return {
    ...doc,
    speakers: doc.speakers.map((s) => {
      const voice = matched.get(s.id);
      return voice ? { ...s, name: nameOf.get(voice) ?? s.name } : s;
    }),
  };
}

/** Which speakers of a transcription have a kept voice, and the remembered voice each matches now. */
export async function heardVoices(db: Db, userId: string, transcriptionId: string): Promise<HeardVoices> {
  const t = await authorize(db, userId, transcriptionId, "read");
  const heard = await speakerVoicesOf(db, transcriptionId);
  const matched = matchVoices(heard, (await knownVoices(db, spaceOf(t))).voices);
  return { speakers: [...heard.keys()].map((speakerId) => ({ speakerId, voiceId: matched.get(speakerId) ?? null })) };
}

/**
 * Remembers a speaker's voice under a name, in the transcription's space (a team's voice is its members'): a new
 * voice, or one more sample of the voice of that name (the mean,
 * weighted by how many it was made of). 201 with a new voice, 200 with a grown one.
 */
export async function rememberVoice(
  db: Db,
  userId: string,
  { transcriptionId, speakerId, name }: RememberVoice,
): Promise<{ voice: VoiceProfile; created: boolean }> {
  const t = await authorize(db, userId, transcriptionId, "edit");
  const space = { userId, workspaceId: t.workspaceId };
  const heard = (await speakerVoicesOf(db, transcriptionId)).get(speakerId);
  if (!heard)
    throw new ApiError(
      409,
      "This speaker's voice was not kept: only the built-in speech engine's speaker recognition keeps voices. Reprocess the recording with speaker recognition on to remember it.",
    );
  const existing = await findVoiceProfileByName(db, space, name);
  if (!existing) return { voice: publicProfile(await insertVoiceProfile(db, space, name, heard)), created: true };
  const voice = meanVoice([
    { voice: profileVoice(existing), weight: existing.samples },
    { voice: heard, weight: 1 },
  ]);
  const grown = await updateVoiceProfile(db, existing.id, { voice, samples: existing.samples + 1 });
  if (!grown) throw notFound("Voice not found");
  return { voice: publicProfile(grown), created: false };
}

/** The voices of a space the caller may read (`space`: a workspace id, or absent for their own). */
export async function listVoices(db: Db, userId: string, space: string | undefined): Promise<VoiceProfile[]> {
  const { workspaceId } = await authorizeSpace(db, userId, space, "read");
  return (await listVoiceProfiles(db, { userId, workspaceId })).map(publicProfile);
}

/** A voice the caller may change: their own, or their team's when their role may edit; else 404 or 403. */
async function changeableVoice(db: Db, userId: string, id: string) {
  const row = await findVoiceProfile(db, id);
  if (!row || (row.workspaceId === null && row.userId !== userId)) throw notFound("Voice not found");
  if (row.workspaceId !== null)
    await authorizeSpace(db, userId, row.workspaceId, "edit").catch(() => {
      throw notFound("Voice not found");
    });
  return row;
}

export async function renameVoice(db: Db, userId: string, id: string, name: string): Promise<VoiceProfile> {
  const voice = await changeableVoice(db, userId, id);
  const same = await findVoiceProfileByName(db, { userId: voice.userId, workspaceId: voice.workspaceId }, name);
  if (same && same.id !== id) throw new ApiError(409, `You already have a voice named ${same.name}`);
  const row = await updateVoiceProfile(db, id, { name });
  if (!row) throw notFound("Voice not found");
  return publicProfile(row);
}

export async function forgetVoice(db: Db, userId: string, id: string): Promise<void> {
  await changeableVoice(db, userId, id);
  if (!(await deleteVoiceProfile(db, id))) throw notFound("Voice not found");
}
