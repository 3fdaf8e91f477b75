// The transcriptions area's public entry: what the app and other areas may use of it; the rest is its own.
export { assertAcceptedType, createFileTranscription, sniffMedia } from "./create";
export { transcriptionRoutes } from "./routes";
export { toTranscription } from "./serialize";
export { type SpeakerChoice, speakerChoice } from "./speaker-options";
