import type { Segment, Speaker } from "@verbatim/shared";

// Checks an edited transcript before it is saved, with a message per problem that says where it is. Machine
// transcripts carry word times a few hundredths of a second outside their segment and segment ends a little
// past the decoded duration, so both comparisons allow for that, and a segment the user left exactly as it
// was saved is not judged on its times at all (the user could not fix what the engine wrote).

export interface EditIssue {
  field: string;
  message: string;
}

/** How far a word may lie outside its segment, and a segment past the recording's end, in seconds. */
const WORD_SLACK = 0.05;
const END_SLACK = 0.5;

const at = (seconds: number) => `${seconds.toFixed(2)} s`;

export function editIssues(
  edit: { segments: Segment[]; speakers: Speaker[] },
  saved: { segments: Segment[]; duration: number },
): EditIssue[] {
  const duration = saved.duration;
  const unchanged = new Set(saved.segments.map((s) => JSON.stringify(s)));
  const issues: EditIssue[] = [];
  const ids = new Set<string>();
  edit.speakers.forEach((s, i) => {
    if (ids.has(s.id)) issues.push({ field: `speakers.${i}.id`, message: `Speaker "${s.id}" is listed twice` });
    ids.add(s.id);
  });
  // Without diarized speakers a segment's speaker is a free "Name:" label; with them it must be one of them.
  const known = (speaker: string | undefined) => speaker === undefined || ids.size === 0 || ids.has(speaker);
  let previousStart = 0;
  edit.segments.forEach((seg, i) => {
    const field = `segments.${i}`;
    const problem = (path: string, message: string) => issues.push({ field: `${field}${path}`, message });
    const timesChecked = !unchanged.has(JSON.stringify(seg));
    if (timesChecked && seg.start > seg.end)
      problem(".start", `Segment ${i + 1} starts (${at(seg.start)}) after it ends (${at(seg.end)})`);
    if (timesChecked && duration > 0 && seg.end > duration + END_SLACK)
      problem(".end", `Segment ${i + 1} ends at ${at(seg.end)}, after the recording's end (${at(duration)})`);
    if (seg.start < previousStart - WORD_SLACK)
      problem(".start", `Segment ${i + 1} starts before the segment above it: keep segments in time order`);
    previousStart = Math.max(previousStart, seg.start);
    if (!known(seg.speaker)) problem(".speaker", `Segment ${i + 1} names speaker "${seg.speaker}", who is not listed`);
    (seg.words ?? []).forEach((w, j) => {
      const word = (path: string, message: string) => problem(`.words.${j}${path}`, message);
      if (timesChecked && w.start > w.end) word(".start", `Word "${w.word}" in segment ${i + 1} starts after it ends`);
      else if (timesChecked && (w.start < seg.start - WORD_SLACK || w.end > seg.end + WORD_SLACK))
        word(
          ".start",
          `Word "${w.word}" (${at(w.start)}–${at(w.end)}) lies outside segment ${i + 1} (${at(seg.start)}–${at(seg.end)})`,
        );
      if (!known(w.speaker))
        word(".speaker", `Word "${w.word}" in segment ${i + 1} names speaker "${w.speaker}", who is not listed`);
    });
  });
  return issues;
}
