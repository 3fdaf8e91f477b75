// The time marker that starts a line of a transcript's text, "[mm:ss]" with minutes counting past 59: the Worker
// writes it (the stored text, the analysis, the exports), the web app and search read it back, and key points
// carry its "mm:ss" alone.

const pad = (n: number) => String(n).padStart(2, "0");

/** "mm:ss" of a moment in the recording, whole seconds, minutes counting past 59 ("62:05"). */
export function markerTime(seconds: number): string {
  const whole = Math.floor(Math.max(0, seconds));
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

// "[h:mm:ss]", a fraction and a one-digit field are read too: edited and imported text uses them.
const MARKER = /^\s*\[(\d{1,5}):(\d{1,2})(?::(\d{1,2}))?(?:[.,](\d{1,3}))?\]\s*/;

/** A line's leading marker as seconds and the text after it; null when the line starts with none. */
export function parseMarker(line: string): { seconds: number; rest: string } | null {
  const match = MARKER.exec(line);
  if (!match) return null;
  const [marker, a, b, c, fraction] = match;
  const [h, m, s] = c === undefined ? [0, Number(a), Number(b)] : [Number(a), Number(b), Number(c)];
  const ms = fraction === undefined ? 0 : Number(fraction.padEnd(3, "0"));
  return { seconds: h * 3600 + m * 60 + s + ms / 1000, rest: line.slice(marker.length) };
}

/** A moment cited inside a text, "[mm:ss]": how an answer of "Ask this meeting" cites its passages. */
export const CITATION = /\[(\d{1,4}):(\d{2})\]/g;

/** The seconds a CITATION match names. */
export const citationSeconds = (match: RegExpMatchArray) => Number(match[1]) * 60 + Number(match[2]);
