import { fileURLToPath } from "node:url";

/** The app under test: env BASE_URL, passed on by vitest.config.ts (default: wrangler dev's port). */
export const BASE_URL = (process.env.E2E_APP_URL ?? "http://127.0.0.1:8787").replace(/\/$/, "");

/** The repository root (web/e2e/support → ../../..). */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** Shared fixtures live beside the repository: <repo>/../shared/fixtures. */
export const JFK_MP3 = fileURLToPath(new URL("../../../../shared/fixtures/audio/jfk.mp3", import.meta.url));
export const JFK_VIDEO = fileURLToPath(new URL("../../../../shared/fixtures/audio/jfk_video.mp4", import.meta.url));
export const JFK_FLAC = fileURLToPath(new URL("../../../../shared/fixtures/audio/jfk.flac", import.meta.url));

export const SCREENSHOT_DIR = `${REPO_ROOT}test-artifacts/screenshots`;
