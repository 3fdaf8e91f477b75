const pad = (n: number, width = 2) => String(n).padStart(width, "0");

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
