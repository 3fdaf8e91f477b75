// The pages area's public entry: HTML the Worker answers with itself, ahead of the static app.
export { prerenderedLanding } from "./landing";
