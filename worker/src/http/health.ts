import type { Health } from "@verbatim/shared";
import { Hono } from "hono";
import pkg from "../../../package.json";
import type { AppEnv } from "../env";

async function answers(probe: () => Promise<unknown>) {
  try {
    await probe();
    return true;
  } catch {
    return false;
  }
}

export const healthRoutes = new Hono<AppEnv>().get("/health", async (c) => {
  const [d1, r2, queue] = await Promise.all([
    answers(() => c.env.DB.prepare("SELECT 1").first()),
    answers(() => c.env.MEDIA.head("health-probe")),
    answers(() => c.env.JOBS.send({ type: "ping" })),
  ]);
  const body: Health = { status: d1 && r2 && queue ? "ok" : "degraded", version: pkg.version, checks: { d1, r2, queue } };
  return c.json(body, body.status === "ok" ? 200 : 503);
});
