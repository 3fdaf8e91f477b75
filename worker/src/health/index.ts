// The health area's public entry: what the app and other areas may use of it; the rest is its own.
export { healthRoutes } from "./routes";
