import type { Subscription } from "@verbatim/shared";
import { Hono } from "hono";
import { currentUserId, requireUser } from "../auth/middleware";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { findUserById } from "../users/repository";

/** The plan as stored on the user; the payment provider's webhooks will keep these columns current. */
export const subscriptionRoutes = new Hono<AppEnv>().get("/subscription", requireUser, async (c) => {
  const user = await findUserById(c.get("db"), currentUserId(c));
  if (!user) throw new ApiError(401, "Not authenticated");
  const body: Subscription = { plan: user.subscriptionPlan, status: user.subscriptionStatus };
  return c.json(body);
});
