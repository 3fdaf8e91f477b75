import { fileURLToPath } from "node:url";

/** The app under test: env BASE_URL, passed on by vitest.config.ts (default: wrangler dev's port). */
export const BASE_URL = (process.env.E2E_APP_URL ?? "http://127.0.0.1:8787").replace(/\/$/, "");

/** The repository root (web/e2e/support → ../../..). */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** Test recordings live in the repository: <repo>/test-fixtures (sources and licences in its README). */
export const JFK_MP3 = `${REPO_ROOT}test-fixtures/audio/jfk.mp3`;
export const JFK_VIDEO = `${REPO_ROOT}test-fixtures/audio/jfk_video.mp4`;
export const JFK_FLAC = `${REPO_ROOT}test-fixtures/audio/jfk.flac`;

export const SCREENSHOT_DIR = `${REPO_ROOT}test-artifacts/screenshots`;
