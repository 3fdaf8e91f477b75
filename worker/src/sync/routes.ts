import { syncPageSchema, syncQuerySchema } from "@verbatim/shared";
import { Hono } from "hono";
import { currentUserId, requireUser } from "../auth";
import type { AppEnv } from "../env";
import { doc, json } from "../http/openapi";
import { validate } from "../http/validate";
import { authorizeSpace } from "../store/access";
import { changesSince } from "./service";

const docs = {
  changes: doc({
    summary: "What changed in a space's transcriptions since a cursor, for the device library",
    description:
      "Without `since` (or with 0) every transcription. Each changed transcription comes once, in its latest " +
      "state with its timed transcript, or as a tombstone when deleted. Keep `cursor` and send it as `since`; " +
      "while `hasMore` is true, ask again at once.",
    tag: "sync",
    responses: { 200: json(syncPageSchema, "One page of changes") },
    errors: [400, 404],
  }),
};

export const syncRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", docs.changes, validate("query", syncQuerySchema), async (c) => {
    const userId = currentUserId(c);
    const query = c.req.valid("query");
    const { workspaceId } = await authorizeSpace(c.get("db"), userId, query.space, "read");
    return c.json(await changesSince(c.env, c.get("db"), { userId, workspaceId }, query));
  });
