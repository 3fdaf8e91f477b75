import type { HeardVoices, RememberVoice, TranscriptDoc, VoiceProfile } from "@verbatim/shared";
import type { Db } from "../db/client";
import { ApiError, notFound } from "../http/errors";
import { matchVoices, meanVoice } from "../rules/voices";
import { getOwned } from "../store/transcriptions";
import {
  deleteVoiceProfile,
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

async function knownVoices(db: Db, userId: string) {
  const profiles = await listVoiceProfiles(db, userId);
  return { profiles, voices: new Map(profiles.map((p) => [p.id, profileVoice(p)])) };
}

/**
 * A new speech-recognition run's transcript with its unnamed speakers named after the user's remembered voices
 * they match, and its speakers' voices kept for remembering later. Without voices (another engine, no speaker
 * recognition) the transcript is as it was.
 */
export async function recognizeVoices(
  db: Db,
  userId: string,
  transcriptionId: string,
  doc: TranscriptDoc,
  heard: ReadonlyMap<string, number[]>,
): Promise<TranscriptDoc> {
  await replaceSpeakerVoices(db, transcriptionId, heard);
  if (heard.size === 0 || !doc.speakers?.length) return doc;
  const { profiles, voices } = await knownVoices(db, userId);
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
  await getOwned(db, userId, transcriptionId);
  const heard = await speakerVoicesOf(db, transcriptionId);
  const matched = matchVoices(heard, (await knownVoices(db, userId)).voices);
  return { speakers: [...heard.keys()].map((speakerId) => ({ speakerId, voiceId: matched.get(speakerId) ?? null })) };
}

/**
 * Remembers a speaker's voice under a name: a new voice, or one more sample of the voice of that name (the mean,
 * weighted by how many it was made of). 201 with a new voice, 200 with a grown one.
 */
export async function rememberVoice(
  db: Db,
  userId: string,
  { transcriptionId, speakerId, name }: RememberVoice,
): Promise<{ voice: VoiceProfile; created: boolean }> {
  await getOwned(db, userId, transcriptionId);
  const heard = (await speakerVoicesOf(db, transcriptionId)).get(speakerId);
  if (!heard)
    throw new ApiError(
      409,
      "This speaker's voice was not kept: only the built-in speech engine's speaker recognition keeps voices. Reprocess the recording with speaker recognition on to remember it.",
    );
  const existing = await findVoiceProfileByName(db, userId, name);
  if (!existing) return { voice: publicProfile(await insertVoiceProfile(db, userId, name, heard)), created: true };
  const voice = meanVoice([
    { voice: profileVoice(existing), weight: existing.samples },
    { voice: heard, weight: 1 },
  ]);
  const grown = await updateVoiceProfile(db, userId, existing.id, { voice, samples: existing.samples + 1 });
  if (!grown) throw notFound("Voice not found");
  return { voice: publicProfile(grown), created: false };
}

export async function listVoices(db: Db, userId: string): Promise<VoiceProfile[]> {
  return (await listVoiceProfiles(db, userId)).map(publicProfile);
}

export async function renameVoice(db: Db, userId: string, id: string, name: string): Promise<VoiceProfile> {
  const same = await findVoiceProfileByName(db, userId, name);
  if (same && same.id !== id) throw new ApiError(409, `You already have a voice named ${same.name}`);
  const row = await updateVoiceProfile(db, userId, id, { name });
  if (!row) throw notFound("Voice not found");
  return publicProfile(row);
}

export async function forgetVoice(db: Db, userId: string, id: string): Promise<void> {
  if (!(await deleteVoiceProfile(db, userId, id))) throw notFound("Voice not found");
}
