import { askAnswerListSchema, askQuestionSchema } from "@verbatim/shared/ask";
import { type Context, Hono } from "hono";
import { analysisConfigOf } from "../analysis";
import { currentUserId, requireUser } from "../auth";
import type { AppEnv } from "../env";
import { doc, json } from "../http/openapi";
import { validate } from "../http/validate";
import { authorize } from "../store/access";
import { answerEvents, eventStream } from "./answer";
import { answerWriter } from "./model";
import { listAnswers } from "./store";

// "Ask this meeting" under /api/transcriptions/{id}: anyone who may read a transcription may ask it.

const tag = "ask";
const docs = {
  ask: doc({
    summary: "Ask a question of one transcription: an answer from its own lines, with [mm:ss] citations",
    description:
      "A text/event-stream of `data:` JSON lines: `passages` (the lines found), `delta` (the model's text as it is written), then `done` (the answer as kept). Without a language model the answer quotes the lines.",
    tag,
    responses: {
      200: {
        description: "The answer's events",
        // One event's shape (OpenAPI 3.1 has no itemSchema: schemathesis reads `schema` as the per-event one).
        content: {
          "text/event-stream": {
            schema: {
              type: "object",
              required: ["data"],
              properties: {
                data: { type: "string", contentMediaType: "application/json", description: "One AskEvent, as JSON" },
                event: { type: "string" },
                id: { type: "string" },
                retry: { type: "integer" },
              },
            },
          },
        },
      },
    },
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
    return eventStream(answerEvents(c.get("db"), t.id, c.req.valid("json").question, writer));
  })
  .get("/:id/answers", docs.answers, async (c) => {
    const t = await readable(c);
    return c.json({ answers: await listAnswers(c.get("db"), t.id) });
  });
