import { CITATION, citationSeconds, markerTime } from "@verbatim/shared/time-marker";
import { Fragment, type ReactNode } from "react";

/**
 * An answer's text with each `[mm:ss]` citation drawn by `cite` (a button that plays the recording, a link to the
 * meeting); as plain text when `cite` is absent or draws nothing.
 */
export function AnswerText({ text, cite }: { text: string; cite?: ((seconds: number) => ReactNode) | undefined }) {
  const parts: (string | number)[] = [];
  let from = 0;
  for (const match of text.matchAll(CITATION)) {
    parts.push(text.slice(from, match.index), citationSeconds(match));
    from = match.index + match[0].length;
  }
  parts.push(text.slice(from));
  return (
    <p className="whitespace-pre-line text-sm">
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order, never reordered
        <Fragment key={i}>{typeof part === "string" ? part : (cite?.(part) ?? `[${markerTime(part)}]`)}</Fragment>
      ))}
    </p>
  );
}

/** The class of a citation drawn as a button or link. */
export const CITATION_CLASS = "rounded font-mono text-xs text-primary underline-offset-2 hover:underline";
