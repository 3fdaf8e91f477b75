import { subtitleCues } from "./cues";
import { subtitleTime } from "./timecode";
import type { ExportDoc } from "./types";

// A literal "-->" inside cue text reads as a timing line to SRT parsers.
const safeText = (s: string) => s.replaceAll("-->", "->");

export function toSrt(doc: ExportDoc): string {
  return subtitleCues(doc)
    .map((cue, i) => {
      const text = cue.speaker ? `${cue.speaker}: ${cue.text}` : cue.text;
      return `${i + 1}\n${subtitleTime(cue.start, ",")} --> ${subtitleTime(cue.end, ",")}\n${safeText(text)}\n`;
    })
    .join("\n");
}
