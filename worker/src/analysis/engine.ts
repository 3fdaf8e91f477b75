// Everything heavy behind one module, so index.ts can load it on first use.
export { analyseOffline } from "./offline";
export { analyseWithProvider } from "./providers/llm";
export { localProvider } from "./providers/local";
export { openAiProvider } from "./providers/openai";
export { workersAiProvider } from "./providers/workers-ai";
