// The ask area's public entry: questions about one transcription or a whole library, answered from their lines
// (docs/architecture/ask.md).
export { askRoutes, libraryAskRoutes } from "./routes";
