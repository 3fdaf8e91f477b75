import { z } from "zod";
import { speakerSchema } from "./transcript";

// Voices remembered across recordings (docs/architecture/transcripts.md#voices-remembered-across-recordings): the
// user names a speaker and asks Verbatim to remember the voice; later recordings' speakers with that voice get the
// name when they are transcribed.

/** A remembered voice's name: the same rule as a speaker's name. */
export const voiceNameSchema = speakerSchema.shape.name.unwrap();

export const voiceProfileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** How many speakers' voices it was remembered from. */
    samples: z.number().int().positive(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "VoiceProfile" });
export type VoiceProfile = z.infer<typeof voiceProfileSchema>;

export const voiceListSchema = z.object({ voices: z.array(voiceProfileSchema) });

/** Remember the voice of one speaker of a transcription under a name (added to the voice of that name, if any). */
export const rememberVoiceSchema = z.object({
  transcriptionId: z.string().min(1).max(64),
  speakerId: z.string().min(1).max(64),
  name: voiceNameSchema,
});
export type RememberVoice = z.infer<typeof rememberVoiceSchema>;

export const renameVoiceSchema = z.object({ name: voiceNameSchema });

/** The speakers of a transcription whose voice was kept, each with the remembered voice it matches, if any. */
export const heardVoicesSchema = z.object({
  speakers: z.array(z.object({ speakerId: z.string(), voiceId: z.string().nullable() })),
});
export type HeardVoices = z.infer<typeof heardVoicesSchema>;
