export * from "./analysis";
export * from "./auth";
export * from "./errors";
export * from "./health";
export * from "./transcript";
export * from "./transcription";
export * from "./upload";
export * from "./user";
