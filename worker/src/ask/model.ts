import { type AskPassage, passageLine } from "@verbatim/shared/ask";
import { type AnalysisConfig, chatModelOf } from "../analysis";

// The language model that writes an answer: the analysis' own (ANALYSIS_PROVIDER local or openai, through the same
// `openai` client), asked to stream. Workers AI and the offline engine write no answers: those are extractive.

/** Text pieces as the model writes them; throws when the model cannot be reached or fails. */
export type AnswerWriter = (passages: AskPassage[], question: string) => AsyncIterable<string>;

// A local model's request may wait behind an analysis in the service's queue; a hosted one answers in seconds.
const FIRST_TOKEN_MS = { local: 90_000, openai: 30_000 };
// An answer is a few sentences: the cap stops a rambling model (about ten tokens a second locally).
const MAX_TOKENS = 300;

// A 1.5B model left out the citations when asked for them in the abstract; an example sentence is followed.
const BRIEF = `You answer questions about a meeting using only the transcript passages given. Each passage starts with its time, like [00:42].
Write one to three short sentences. End each sentence with the time of the passage it comes from, in brackets, for example: "The report is due on Friday [00:42]."
Use no other knowledge. If the passages do not answer the question, say so. Answer in the language of the question.`;

/** The chat messages for a question: the brief, then the passages and the question last. */
export const answerMessages = (passages: AskPassage[], question: string) => [
  { role: "system" as const, content: BRIEF },
  {
    role: "user" as const,
    content: `Passages:\n${passages.map(passageLine).join("\n")}\n\nQuestion: ${question}`,
  },
];

/** The configured model as an answer writer, or null when answers are extractive (no usable model). */
export function answerWriter(config: AnalysisConfig): AnswerWriter | null {
  const chatModel = chatModelOf(config, FIRST_TOKEN_MS);
  if (!chatModel) return null;
  return async function* write(passages, question) {
    const { client, model } = await chatModel();
    const stream = await client.chat.completions.create({
      model,
      messages: answerMessages(passages, question),
      temperature: 0.2,
      max_tokens: MAX_TOKENS,
      stream: true,
    });
    for await (const chunk of stream) {
      const text = chunk.choices[0]?.delta?.content;
      if (text) yield text;
    }
  };
}
