// The google area's public entry: what the app and other areas may use of it; the rest is its own.
export { meetingRoutes } from "./meeting-routes";
export { googleOAuthRoutes, googleStatusRoutes } from "./oauth-routes";
export { serverUrlRoutes } from "./server-url";
