// The transcriptions area's public entry: what the app and other areas may use of it; the rest is its own.
export { assertAcceptedType, assertDeclaredSize, createFileTranscription, sniffMedia, spokenLanguage } from "./create";
export { streamMedia } from "./media";
export { transcriptionRoutes } from "./routes";
export { toTranscription } from "./serialize";
export { type SpeakerChoice, speakerChoice, speakerChoiceFromForm } from "./speaker-options";
export { storeAndTranscribe, type UploadOptions } from "./upload";
