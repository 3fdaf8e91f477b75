import { type Stats, statsSchema } from "@verbatim/shared";
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { doc, json } from "../http/openapi";
import { completedSeconds } from "../store/transcriptions";

/** How long a computed figure is served before D1 is asked again, in this isolate and in HTTP caches. */
export const STATS_TTL_SECONDS = 600;

let cached: { stats: Stats; until: number } | null = null;

/** Forgets the cached figure (tests). */
export const forgetStats = () => {
  cached = null;
};

const described = doc({
  summary: "Public figures for the landing page: hours of audio transcribed (completed transcriptions)",
  tag: "meta",
  auth: false,
  responses: { 200: json(statsSchema, "The figures, cached for up to 10 minutes") },
});

/** /api/stats, public. One SUM over the completed transcriptions, at most once per isolate every 10 minutes. */
export const statsRoutes = new Hono<AppEnv>().get("/", described, async (c) => {
  const now = Date.now();
  if (!cached || cached.until <= now) {
    const seconds = await completedSeconds(c.get("db"));
    cached = {
      stats: { hoursTranscribed: Math.floor(seconds / 3600), computedAt: new Date(now).toISOString() },
      until: now + STATS_TTL_SECONDS * 1000,
    };
  }
  c.header("Cache-Control", `public, max-age=${STATS_TTL_SECONDS}`);
  return c.json(cached.stats, 200);
});
