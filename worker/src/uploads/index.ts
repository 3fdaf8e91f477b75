// The uploads area's public entry: what the app and other areas may use of it; the rest is its own.
export { abortAbandonedUploads } from "./expiry";
export { ffmpegCoreRoutes } from "./ffmpeg-core";
export { uploadRoutes } from "./routes";
