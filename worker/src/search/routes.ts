import { searchPageSchema, searchQuerySchema } from "@verbatim/shared";
import { Hono } from "hono";
import { currentUserId, requireUser } from "../auth";
import type { AppEnv } from "../env";
import { doc, json } from "../http/openapi";
import { validate } from "../http/validate";
import { authorizeSpace } from "../store/access";
import { search } from "./service";

const docs = {
  search: doc({
    summary: "Find words in the caller's titles, transcripts and summaries, best first (bm25)",
    description:
      "Every word must occur (accents and case ignored); the last may be the start of a word. Each result is a " +
      "transcription with its three best hits: highlighted snippets, and for transcript lines their start time " +
      "and speaker.",
    tag: "search",
    responses: { 200: json(searchPageSchema, "One page of matching transcriptions") },
    errors: [400, 404],
  }),
};

export const searchRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", docs.search, validate("query", searchQuerySchema), async (c) => {
    const userId = currentUserId(c);
    const { workspaceId } = await authorizeSpace(c.get("db"), userId, c.req.valid("query").space, "read");
    return c.json(await search(c.get("db"), { userId, workspaceId }, c.req.valid("query")));
  });
