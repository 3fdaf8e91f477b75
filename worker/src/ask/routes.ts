import { askAnswerListSchema, askQuestionSchema } from "@verbatim/shared/ask";
import { spaceQuerySchema } from "@verbatim/shared/workspaces";
import { type Context, Hono } from "hono";
import { analysisConfigOf } from "../analysis";
import { currentUserId, requireUser } from "../auth";
import type { AppEnv } from "../env";
import { doc, json } from "../http/openapi";
import { validate } from "../http/validate";
import { authorize, authorizeSpace } from "../store/access";
import { answerEvents, eventStream } from "./answer";
import { answerWriter } from "./model";
import { librarySource, meetingSource } from "./sources";
import { listAnswers, listLibraryAnswers } from "./store";

// "Ask this meeting" under /api/transcriptions/{id}: anyone who may read a transcription may ask it. "Ask my
// library" under /api/library: anyone who may read a space may ask it (every role of a team may read).

const tag = "ask";

/** The answer's stream: one event's shape (OpenAPI 3.1 has no itemSchema: schemathesis reads `schema` as the per-event one). */
const eventStreamResponse = {
  description: "The answer's events",
  content: {
    "text/event-stream": {
      schema: {
        type: "object" as const,
        required: ["data"],
        properties: {
          data: { type: "string" as const, contentMediaType: "application/json", description: "One AskEvent, as JSON" },
          event: { type: "string" as const },
          id: { type: "string" as const },
          retry: { type: "integer" as const },
        },
      },
    },
  },
};

const STREAM =
  "A text/event-stream of `data:` JSON lines: `passages` (the lines found), `delta` (the model's text as it is written), then `done` (the answer as kept). Without a language model the answer quotes the lines.";

const docs = {
  ask: doc({
    summary: "Ask a question of one transcription: an answer from its own lines, with [mm:ss] citations",
    description: STREAM,
    tag,
    responses: { 200: eventStreamResponse },
    errors: [400, 404],
  }),
  askLibrary: doc({
    summary: "Ask a question of every transcription in a space: an answer from their lines, with citations",
    description: `${STREAM} Each line names its transcription (\`meeting\`); a \`[mm:ss]\` citation points to the first line at that time.`,
    tag,
    responses: { 200: eventStreamResponse },
    errors: [400, 404],
  }),
  libraryAnswers: doc({
    summary: "The caller's last answers from a space's library, the latest first",
    tag,
    responses: { 200: json(askAnswerListSchema, "The kept answers") },
    errors: [400, 404],
  }),
  answers: doc({
    summary: "The last answer to each question asked of a transcription, the latest first",
    tag,
    responses: { 200: json(askAnswerListSchema, "The kept answers") },
    errors: [404],
  }),
};

const readable = (c: Context<AppEnv>) => authorize(c.get("db"), currentUserId(c), c.req.param("id") ?? "", "read");

export const askRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/:id/ask", docs.ask, validate("json", askQuestionSchema), async (c) => {
    const t = await readable(c);
    const writer = answerWriter(analysisConfigOf(c.env));
    return eventStream(answerEvents(meetingSource(c.get("db"), t.id), c.req.valid("json").question, writer));
  })
  .get("/:id/answers", docs.answers, async (c) => {
    const t = await readable(c);
    return c.json({ answers: await listAnswers(c.get("db"), t.id) });
  });

/** The space the caller asks, once the policy lets them read it. */
const readableSpace = async (c: Context<AppEnv>, space: string | undefined) => {
  const userId = currentUserId(c);
  const { workspaceId } = await authorizeSpace(c.get("db"), userId, space, "read");
  return { userId, workspaceId };
};

export const libraryAskRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post(
    "/ask",
    docs.askLibrary,
    validate("query", spaceQuerySchema),
    validate("json", askQuestionSchema),
    async (c) => {
      const space = await readableSpace(c, c.req.valid("query").space);
      const writer = answerWriter(analysisConfigOf(c.env));
      return eventStream(answerEvents(librarySource(c.get("db"), space), c.req.valid("json").question, writer));
    },
  )
  .get("/answers", docs.libraryAnswers, validate("query", spaceQuerySchema), async (c) => {
    const space = await readableSpace(c, c.req.valid("query").space);
    return c.json({ answers: await listLibraryAnswers(c.get("db"), space) });
  });
