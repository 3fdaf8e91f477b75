// The pages area's public entry: HTML the Worker answers with itself, ahead of the static app, and what it adds to
// the app's own pages.
export { signedInAppPage } from "./app-page";
export { prerenderedLanding } from "./landing";
export { sharePageHeaders } from "./share-page";
