import { type Subscription, subscriptionSchema } from "@verbatim/shared";
import { Hono } from "hono";
import { currentUserId, requireUser } from "../auth";
import { pricesFor } from "../billing";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { doc, json } from "../http/openapi";
import { usageOf } from "../store/plan-usage";
import { findUserById } from "../store/users";

const described = doc({
  summary: "The caller's plan, this month's usage and the prices Checkout sells",
  tag: "account",
  responses: { 200: json(subscriptionSchema, "The plan, its status, usage and prices (null without payments)") },
});

/**
 * The plan as stored on the user (kept current by Stripe's webhooks), this month's usage, and the prices
 * Checkout sells — null when this server has no payments configured, which the page explains.
 */
export const subscriptionRoutes = new Hono<AppEnv>().use(requireUser).get("/", described, async (c) => {
  const user = await findUserById(c.get("db"), currentUserId(c));
  if (!user) throw new ApiError(401, "Not authenticated");
  const body: Subscription = {
    plan: user.subscriptionPlan,
    status: user.subscriptionStatus,
    usage: await usageOf(c.env.DB, { userId: user.id, workspaceId: null }, user.subscriptionPlan),
    prices: pricesFor(c.env),
  };
  return c.json(body);
});
