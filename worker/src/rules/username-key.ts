import { normalizeUsername } from "@verbatim/shared";

// Uniqueness of usernames is case- and confusable-insensitive. Usernames are ASCII-only after NFKC (shared
// usernameSchema), so instead of Unicode TR39's whole confusables table (hundreds of KB, needed only for an
// open Unicode repertoire) this applies TR39's skeleton idea to the few look-alikes inside the allowed set,
// taken from confusables.txt: "rn"→"m", "vv"→"w", "cl"→"d", "0"→"o", and "1", "I", "i" and "l" as one.
// Any look-alike outside ASCII (Cyrillic "а", fullwidth "ａ" after NFKC aside) is refused by the character set.
const SEQUENCES: [RegExp, string][] = [
  [/rn/g, "m"],
  [/vv/g, "w"],
  [/cl/g, "d"],
];
const SINGLE: Record<string, string> = { "0": "o", "1": "l", i: "l", "|": "l" };

/** The key two usernames share when a reader could take one for the other. */
export function usernameKey(username: string) {
  let key = normalizeUsername(username).toLowerCase();
  key = [...key].map((ch) => SINGLE[ch] ?? ch).join("");
  for (const [pattern, replacement] of SEQUENCES) key = key.replace(pattern, replacement);
  return key;
}
