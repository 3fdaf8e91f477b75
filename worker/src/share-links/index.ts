// The share-links area's public entry: read-only links to one transcription for people without an account.
export { sharedRoutes, shareLinkRoutes } from "./routes";
