// The voices area's public entry: what the app and other areas may use of it; the rest is its own.
export { voiceRoutes } from "./routes";
export { recognizeVoices } from "./service";
