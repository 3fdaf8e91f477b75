import { type Subscription, subscriptionSchema } from "@verbatim/shared";
import { Hono } from "hono";
import { currentUserId, requireUser } from "../auth/middleware";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { doc, json } from "../http/openapi";
import { findUserById } from "../users/repository";

const described = doc({
  summary: "The caller's plan",
  tag: "account",
  responses: { 200: json(subscriptionSchema, "The plan and its status") },
});

/** The plan as stored on the user; the payment provider's webhooks will keep these columns current. */
export const subscriptionRoutes = new Hono<AppEnv>().get("/subscription", described, requireUser, async (c) => {
  const user = await findUserById(c.get("db"), currentUserId(c));
  if (!user) throw new ApiError(401, "Not authenticated");
  const body: Subscription = { plan: user.subscriptionPlan, status: user.subscriptionStatus };
  return c.json(body);
});
