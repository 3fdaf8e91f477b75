import { runOutcome, type TranscriptionStatus } from "@verbatim/shared/transcription";

/** View and Download exist only for finished transcriptions. */
export const isViewable = (status: TranscriptionStatus) => runOutcome(status) === "completed";
