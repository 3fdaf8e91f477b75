// The sync area's public entry: what the app and other areas may use of it; the rest is its own.
export { syncRoutes } from "./routes";
