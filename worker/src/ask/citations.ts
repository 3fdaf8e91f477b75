import type { AskPassage } from "@verbatim/shared/ask";
import { CITATION, citationSeconds, markerTime } from "@verbatim/shared/time-marker";

// A model may cite a moment that is not among the passages it was given (a small one invents times). Every
// `[mm:ss]` it writes is checked as the text streams: one naming a passage's time is kept (written as the
// passage's marker), any other is dropped before it reaches the client or the stored answer.

/** A whole citation where the held text starts. */
const WHOLE = new RegExp(CITATION.source, "y");
/** What may still grow into a citation: held back until the next piece of text decides. */
const PARTIAL = /^\[\d{0,4}(?::\d{0,2})?$/;

/** A filter for streamed text; `push` returns what may be shown now, `end` the rest. */
export function citationFilter(passages: Pick<AskPassage, "start">[]) {
  const allowed = new Set(passages.map((p) => markerTime(p.start)));
  let held = "";
  const drain = (final: boolean) => {
    let shown = "";
    for (;;) {
      const at = held.indexOf("[");
      if (at < 0) {
        shown += held;
        held = "";
        return shown;
      }
      shown += held.slice(0, at);
      held = held.slice(at);
      WHOLE.lastIndex = 0;
      const whole = WHOLE.exec(held);
      if (whole) {
        const time = markerTime(citationSeconds(whole));
        if (allowed.has(time)) shown += `[${time}]`;
        held = held.slice(whole[0].length);
      } else if (!final && PARTIAL.test(held)) {
        return shown;
      } else {
        shown += "[";
        held = held.slice(1);
      }
    }
  };
  return {
    push(text: string) {
      held += text;
      return drain(false);
    },
    end: () => drain(true),
  };
}

/** The answer as kept: spaces a dropped citation left before punctuation or doubled are closed up. */
export const tidyAnswer = (text: string) =>
  text
    .replace(/[ \t]+([.,;:!?])/g, "$1")
    .replace(/[ \t]{2,}/g, " ")
    .trim();
