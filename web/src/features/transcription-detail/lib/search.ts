import type { TimedLine } from "./timed-lines";

/** One occurrence of the query: the line it is in and its character range in that line's text. */
export interface SearchMatch {
  line: number;
  from: number;
  to: number;
}

/** Case-insensitive occurrences of `query` in every line, in reading order. */
export function findMatches(lines: TimedLine[], query: string): SearchMatch[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const matches: SearchMatch[] = [];
  lines.forEach((line, index) => {
    const haystack = line.text.toLowerCase();
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
      matches.push({ line: index, from: at, to: at + needle.length });
    }
  });
  return matches;
}
