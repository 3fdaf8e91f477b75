import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * The text with its `word`-th word (counted by spaces, as the editor and the recogniser's words are) wrapped in a
 * mark: the word the recording is playing. Scripts written without spaces are left unmarked.
 */
export function markPlayingWord(
  text: string,
  word: number,
  withoutSpaces: boolean,
  /** Its text colour: the line's own, or transparent where the mark sits under a textarea (the editor). */
  color = "text-inherit",
): ReactNode {
  if (word < 0 || withoutSpaces) return text;
  const parts = text.split(/(\s+)/);
  let count = -1;
  return parts.map((part, i) => {
    if (!part || /^\s+$/.test(part)) return part;
    count++;
    return count === word ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, rebuilt from it each time.
      <mark key={i} data-playing-word="" className={cn("rounded-sm bg-primary/25", color)}>
        {part}
      </mark>
    ) : (
      part
    );
  });
}
