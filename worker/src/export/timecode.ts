const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The transcript's own marker body, "mm:ss", whose minutes keep counting past 59 (spec §3). */
export function markerTime(seconds: number): string {
  const whole = Math.floor(Math.max(0, seconds));
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/** "HH:MM:SS" + separator + "mmm": SRT wants a comma, WebVTT a full stop. */
export function subtitleTime(seconds: number, separator: "," | "."): string {
  const ms = Math.round(Math.max(0, seconds) * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

/** "1:05:03" or "5:03", as a person reads a recording's length. */
export function durationLabel(seconds: number): string {
  const whole = Math.round(Math.max(0, seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor(whole / 60) % 60;
  const s = whole % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

// "[mm:ss]" is the product's marker; "[h:mm:ss]" and a fraction are accepted because edited or imported text uses them.
const MARKER = /^\[(\d{1,5}):(\d{1,2})(?::(\d{1,2}))?(?:[.,](\d{1,3}))?\]\s*/;

/** Splits a leading "[mm:ss]" marker off a transcript line; `start` is null when the line has none. */
export function parseMarkedLine(line: string): { start: number | null; text: string } {
  const match = MARKER.exec(line);
  if (!match) return { start: null, text: line };
  const [marker, a, b, c, fraction] = match;
  const [h, m, s] = c === undefined ? [0, Number(a), Number(b)] : [Number(a), Number(b), Number(c)];
  const ms = fraction === undefined ? 0 : Number(fraction.padEnd(3, "0"));
  return { start: h * 3600 + m * 60 + s + ms / 1000, text: line.slice(marker.length) };
}
