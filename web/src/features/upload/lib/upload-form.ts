import { type SpeakerChoice, speakerFields } from "@/entities/transcription/speaker-choice";

/**
 * The multipart body of POST /api/transcriptions/upload, the same from the page and from the service worker
 * (Background Sync). Fields come before the file: the server reads the form as a stream. `size` lets it store
 * the file in one piece as it arrives.
 */
export function uploadForm(file: Blob, fileName: string, language: string | null, speakers: SpeakerChoice) {
  const form = new FormData();
  if (language) form.append("language", language);
  const { diarize, num_speakers } = speakerFields(speakers);
  form.append("diarize", String(diarize));
  if (num_speakers !== undefined) form.append("num_speakers", String(num_speakers));
  form.append("size", String(file.size));
  form.append("file", file, fileName);
  return form;
}
