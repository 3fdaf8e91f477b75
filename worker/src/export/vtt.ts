import { subtitleCues } from "./cues";
import { subtitleTime } from "./timecode";
import type { ExportDoc } from "./types";

// WebVTT cue text is markup: "&", "<" and ">" must be escaped, which also keeps "-->" out of the text.
const escapeCueText = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

export function toVtt(doc: ExportDoc): string {
  const cues = subtitleCues(doc).map((cue) => {
    const voice = cue.speaker ? `<v ${escapeCueText(cue.speaker)}>` : "";
    return `${subtitleTime(cue.start, ".")} --> ${subtitleTime(cue.end, ".")}\n${voice}${escapeCueText(cue.text)}\n`;
  });
  return ["WEBVTT\n", ...cues].join("\n");
}
