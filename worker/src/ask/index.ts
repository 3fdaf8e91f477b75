// The ask area's public entry: questions about one transcription, answered from its lines (docs/architecture/ask.md).
export { askRoutes } from "./routes";
