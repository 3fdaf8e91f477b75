// The OpenAI audio API's public entry: its routes, mounted at /v1 by the app.
export { openAiRoutes } from "./routes";
