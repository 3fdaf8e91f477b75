import { ApiError } from "./errors";

// Conditional requests (RFC 9110 §13): a change made on a device that was offline is sent with If-Match, the
// version it was made on, so it cannot silently overwrite a newer change made elsewhere meanwhile.

export const CHANGED_ELSEWHERE = "This transcription was changed elsewhere since you last saw it";

/** A transcription's entity tag: its updated_at, which every change moves (a trigger, to the millisecond). */
export const etagOf = (updatedAt: string) => `"${updatedAt}"`;

/** Whether an If-Match header (absent: null) allows a change to a row now at `updatedAt`. */
export function matches(ifMatch: string | null, updatedAt: string) {
  if (ifMatch === null || ifMatch.trim() === "*") return true;
  // Weak tags compare by their opaque part here: these tags only ever name a whole row's version.
  const tags = ifMatch.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  return tags.includes(etagOf(updatedAt));
}

/** Refuses with 412 when If-Match names another version than the row's. */
export function requireMatch(ifMatch: string | null, updatedAt: string) {
  if (!matches(ifMatch, updatedAt)) throw new ApiError(412, CHANGED_ELSEWHERE);
}
