import { endsWithSentenceMark } from "@verbatim/shared/sentences";

// Small text helpers shared by the offline modules.

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

/** "1 hour 5 minutes", "12 minutes 30 seconds", "45 seconds". */
export function humanDuration(seconds: number): string {
  const total = Math.round(Math.max(0, seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  // Past an hour the seconds are noise to a reader.
  if (hours > 0) return minutes > 0 ? `${plural(hours, "hour")} ${plural(minutes, "minute")}` : plural(hours, "hour");
  if (minutes > 0)
    return secs > 0 ? `${plural(minutes, "minute")} ${plural(secs, "second")}` : plural(minutes, "minute");
  return plural(secs, "second");
}

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export function wordCount(text: string): number {
  const matches = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu);
  return matches ? matches.length : 0;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// Spoken openers that carry no content; stripped so extracted sentences read as written prose.
const OPENER =
  /^(?:so|okay|ok|well|yes|yeah|yep|sure|right|and|but|also|um+|uh+|oh|great|good|perfect|alright|all right|realistically|honestly|basically|actually|now|anyway|look|listen|got it|understood|will do|no|thanks|thank you)\b[\s,.!:;-]*/i;

/** A sentence as it should appear in a summary: spoken openers removed, capitalised, ending in punctuation. */
export function tidySentence(text: string): string {
  let out = text.trim();
  for (let i = 0; i < 4; i++) {
    const next = out.replace(OPENER, "");
    if (next === out || next.length === 0) break;
    out = next;
  }
  out = out.replace(/\s+/g, " ").trim();
  if (out.length === 0) return "";
  if (!endsWithSentenceMark(out)) out += ".";
  return capitalize(out);
}

/** Share of the smaller set found in the larger one: 1 when one sentence's terms contain the other's. */
export function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const term of small) if (large.has(term)) shared++;
  return shared / small.size;
}

export function cosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, weight] of small) dot += weight * (large.get(term) ?? 0);
  if (dot === 0) return 0;
  let na = 0;
  let nb = 0;
  for (const w of a.values()) na += w * w;
  for (const w of b.values()) nb += w * w;
  return dot / Math.sqrt(na * nb);
}

export function addCounts(into: Map<string, number>, terms: Iterable<string>, weight = 1): void {
  for (const term of terms) into.set(term, (into.get(term) ?? 0) + weight);
}
