// The jobs area's public entry: what the app and other areas may use of it; the rest is its own.
export { consume } from "./consumer";
export { enqueueChunk, enqueueStep } from "./enqueue";
export { failTranscription, moveTranscription, resetChunks } from "./state-repository";
export { resumeStalledJobs } from "./sweep";
