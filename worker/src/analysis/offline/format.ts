import { endsWithSentenceMark } from "@verbatim/shared/sentences";
import { markerTime } from "@verbatim/shared/time-marker";
import type { Turn } from "./speakers";
import { wordCount } from "./text";

// A new paragraph starts at each speaker turn, after a pause this long, or once a paragraph grows long enough
// that a reader loses the thread (and then only at a sentence end, unless it runs far past that).
const PAUSE_SECONDS = 2;
const SOFT_LIMIT_WORDS = 120;
const HARD_LIMIT_WORDS = 250;

/** The readable transcript: one paragraph per turn or pause, each "[mm:ss] Speaker: text". */
export function formatTranscript(turns: readonly Turn[]): string {
  const paragraphs: string[] = [];
  for (const turn of turns) {
    const prefix = turn.speaker ? `${turn.speaker}: ` : "";
    let text = "";
    let start = turn.start;
    let words = 0;
    let lastEnd = turn.start;
    const flush = () => {
      if (text.length > 0) paragraphs.push(`[${markerTime(start)}] ${prefix}${text}`);
      text = "";
      words = 0;
    };
    for (const piece of turn.pieces) {
      const pieceText = turn.text.slice(piece.from, piece.to).trim();
      if (pieceText.length === 0) continue;
      const paused = piece.start - lastEnd >= PAUSE_SECONDS;
      const long = (words >= SOFT_LIMIT_WORDS && endsWithSentenceMark(text)) || words >= HARD_LIMIT_WORDS;
      if (text.length > 0 && (paused || long)) flush();
      if (text.length === 0) start = piece.start;
      text = text.length > 0 ? `${text} ${pieceText}` : pieceText;
      words += wordCount(pieceText);
      lastEnd = piece.end;
    }
    flush();
  }
  return paragraphs.join("\n\n");
}
