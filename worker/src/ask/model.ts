import { type AskPassage, passagesText } from "@verbatim/shared/ask";
import { type AnalysisConfig, type ChatModel, chatModelOf, type WorkersAiModel, workersAiModelOf } from "../analysis";
import { workersAiText } from "./workers-ai-stream";

// The language model that writes an answer: the analysis' own, asked to stream. ANALYSIS_PROVIDER local or openai
// goes through the same `openai` client, workers-ai through the AI binding with the same instruct model. The offline
// engine writes no answers: those are extractive.

/** Text pieces as the model writes them; throws when the model cannot be reached or fails. */
export type AnswerWriter = (passages: AskPassage[], question: string) => AsyncIterable<string>;

// A local model's request may wait behind an analysis in the service's queue; a hosted one answers in seconds.
const FIRST_TOKEN_MS = { local: 90_000, openai: 30_000, "workers-ai": 30_000 };
// An answer is a few sentences: the cap stops a rambling model (about ten tokens a second locally).
const MAX_TOKENS = 300;
const TEMPERATURE = 0.2;

// A 1.5B model left out the citations when asked for them in the abstract; an example sentence is followed.
const BRIEF = `You answer questions about a meeting using only the transcript passages given. Each passage starts with its time, like [00:42]. Passages from several meetings come under each meeting's title: then say which meeting a fact is from.
Write one to three short sentences. End each sentence with the time of the passage it comes from, in brackets, for example: "The report is due on Friday [00:42]."
Use no other knowledge. If the passages do not answer the question, say so. Answer in the language of the question.`;

/** The chat messages for a question: the brief, then the passages and the question last. */
export const answerMessages = (passages: AskPassage[], question: string) => [
  { role: "system" as const, content: BRIEF },
  {
    role: "user" as const,
    content: `Passages:\n${passagesText(passages)}\n\nQuestion: ${question}`,
  },
];

/** The configured model as an answer writer, or null when answers are extractive (no usable model). */
export function answerWriter(config: AnalysisConfig): AnswerWriter | null {
  const chatModel = chatModelOf(config, FIRST_TOKEN_MS);
  if (chatModel) return openAiWriter(chatModel);
  const workersAi = workersAiModelOf(config);
  if (workersAi) return workersAiWriter(workersAi);
  return null;
}

function openAiWriter(chatModel: () => Promise<ChatModel>): AnswerWriter {
  return async function* write(passages, question) {
    const { client, model } = await chatModel();
    const stream = await client.chat.completions.create({
      model,
      messages: answerMessages(passages, question),
      temperature: TEMPERATURE,
      max_tokens: MAX_TOKENS,
      stream: true,
    });
    for await (const chunk of stream) {
      const text = chunk.choices[0]?.delta?.content;
      if (text) yield text;
    }
  };
}

function workersAiWriter(workersAi: () => Promise<WorkersAiModel>): AnswerWriter {
  return async function* write(passages, question) {
    const { ai, model } = await workersAi();
    yield* workersAiText(ai, model, answerMessages(passages, question), {
      firstTokenMs: FIRST_TOKEN_MS["workers-ai"],
      maxTokens: MAX_TOKENS,
      temperature: TEMPERATURE,
    });
  };
}
