import table from "../data/sentences.json" with { type: "json" };

// Where a sentence ends in recognised text, as the engine cuts its segments (asr/verbatim_asr/sentences.py reads
// the same file): the Worker's transcript lines and the offline analysis end sentences with the same marks.

/** Words (lower case, without their last full stop) whose full stop ends no sentence: "Mr. Dashwood". */
export const SENTENCE_ABBREVIATIONS: ReadonlySet<string> = new Set(table.abbreviations);

const classBody = (chars: readonly string[]) => chars.join("").replace(/[\\\]^-]/g, "\\$&");
/** The marks that end a sentence in the scripts Whisper writes, as the inside of a regular expression's `[…]`. */
export const SENTENCE_END_CLASS = classBody(table.ends);
/** Quotes and brackets that may follow the end mark (`end."` ends too), as the inside of a `[…]`. */
export const SENTENCE_CLOSER_CLASS = classBody(table.closers);

const ENDED = new RegExp(`[${SENTENCE_END_CLASS}][${SENTENCE_CLOSER_CLASS}]*$`, "u");

/** Whether `text` ends with a sentence's end mark (closing quotes and trailing space allowed). */
export const endsWithSentenceMark = (text: string) => ENDED.test(text.trimEnd());
