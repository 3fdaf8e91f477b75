import { type Health, healthSchema } from "@verbatim/shared";
import { Hono } from "hono";
import pkg from "../../../package.json";
import type { AppEnv } from "../env";
import { doc, json } from "../http/openapi";

async function answers(probe: () => Promise<unknown>) {
  try {
    await probe();
    return true;
  } catch {
    return false;
  }
}

const described = doc({
  summary: "Version, and whether D1, R2 and the queue answer",
  tag: "meta",
  auth: false,
  responses: { 200: json(healthSchema, "Everything answers"), 503: json(healthSchema, "Something does not answer") },
});

/** /api/health, public. */
export const healthRoutes = new Hono<AppEnv>().get("/", described, async (c) => {
  const [d1, r2, queue] = await Promise.all([
    answers(() => c.env.DB.prepare("SELECT 1").first()),
    answers(() => c.env.MEDIA.head("health-probe")),
    answers(() => c.env.JOBS.send({ type: "ping" })),
  ]);
  const body: Health = {
    status: d1 && r2 && queue ? "ok" : "degraded",
    version: pkg.version,
    checks: { d1, r2, queue },
  };
  return c.json(body, body.status === "ok" ? 200 : 503);
});
