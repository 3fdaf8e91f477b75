import { CITATION, citationSeconds, markerTime } from "@verbatim/shared/time-marker";
import { Fragment } from "react";
import { useTranslations } from "use-intl";

/**
 * An answer's text with each `[mm:ss]` citation as a button that plays the recording from there (plain text when
 * there is no recording to play).
 */
export function AnswerText({ text, onSeek }: { text: string; onSeek?: ((seconds: number) => void) | undefined }) {
  const t = useTranslations("detail.ask");
  const parts: (string | number)[] = [];
  let from = 0;
  for (const match of text.matchAll(CITATION)) {
    parts.push(text.slice(from, match.index), citationSeconds(match));
    from = match.index + match[0].length;
  }
  parts.push(text.slice(from));
  return (
    <p className="whitespace-pre-line text-sm">
      {parts.map((part, i) =>
        typeof part === "string" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order, never reordered
          <Fragment key={i}>{part}</Fragment>
        ) : onSeek ? (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            key={i}
            type="button"
            className="rounded font-mono text-xs text-primary underline-offset-2 hover:underline"
            aria-label={t("playAt", { time: markerTime(part) })}
            onClick={() => onSeek(part)}
          >
            [{markerTime(part)}]
          </button>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <Fragment key={i}>[{markerTime(part)}]</Fragment>
        ),
      )}
    </p>
  );
}
