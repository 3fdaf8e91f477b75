// The comments area's public entry: comment threads on moments of a transcription.
export { commentRoutes } from "./routes";
