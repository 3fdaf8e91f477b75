// What can be kept of a JSON answer cut off at its length cap: a small model that writes one key point after another
// until the cap stops it has written a whole summary and many whole points before the one it was cut in.

/**
 * `text` closed after its last complete element of an array (the point it was cut in, and anything after, dropped),
 * with the brackets still open closed in order; the last candidates first, at most `tries` of them. A cut inside an
 * object's string value that belongs to no array (the summary itself) yields nothing: that answer has no whole part.
 */
export function closedCutOffs(text: string, tries = 3): string[] {
  // Each entry: the open brackets just after a complete array element ends.
  const ends: { at: number; open: string }[] = [];
  const open: string[] = [];
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') {
        inString = false;
        if (open.at(-1) === "[") ends.push({ at: i + 1, open: open.join("") });
      }
      continue;
    }
    if (c === '"') inString = true;
    else if (c === "{" || c === "[") open.push(c);
    else if (c === "}" || c === "]") {
      open.pop();
      if (open.at(-1) === "[") ends.push({ at: i + 1, open: open.join("") });
    }
  }
  const close = (brackets: string) =>
    [...brackets]
      .reverse()
      .map((b) => (b === "{" ? "}" : "]"))
      .join("");
  return ends
    .slice(-tries)
    .reverse()
    .map(({ at, open: brackets }) => text.slice(0, at) + close(brackets));
}

/** The points without the ones a looping model wrote again (the same words, whatever their case and spacing). */
export function withoutRepeats(points: readonly string[]): string[] {
  const seen = new Set<string>();
  return points.filter((point) => {
    const key = point.toLowerCase().replace(/\s+/g, " ").trim();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
