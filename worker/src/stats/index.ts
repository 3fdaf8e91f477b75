// The stats area's public entry: what the app and other areas may use of it; the rest is its own.
export { statsRoutes } from "./routes";
