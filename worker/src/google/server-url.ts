import { deploymentAt, type ServerUrl, serverUrlSchema } from "@verbatim/shared";
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { doc, json } from "../http/openapi";
import { googleConfig } from "./config";

/**
 * What to register in the Google Cloud console: the origin this request reached, so the help page shows the
 * exact redirect URI of the deployment being configured (preview, staging or production alike).
 */
const described = doc({
  summary: "The origin and Google redirect URI of this deployment",
  tag: "meta",
  auth: false,
  responses: { 200: json(serverUrlSchema, "Where this deployment is reached") },
});

/** /api/server-url, public: the Google set-up help page reads it before anyone can sign in. */
export const serverUrlRoutes = new Hono<AppEnv>().get("/", described, (c) => {
  const body: ServerUrl = { ...deploymentAt(new URL(c.req.url)), googleConfigured: googleConfig(c.env) !== null };
  return c.json(body);
});
