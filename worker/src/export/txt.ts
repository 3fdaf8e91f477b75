import { markerTime } from "@verbatim/shared/time-marker";
import { labelled, oneLine, transcriptEntries } from "./transcript";
import type { ExportDoc } from "./types";

export function toTxt(doc: ExportDoc): string {
  return (
    transcriptEntries(doc)
      // One entry per line: a line without a marker would read as a new, untimed line.
      .map((entry) => (entry.start === null ? "" : `[${markerTime(entry.start)}] `) + oneLine(labelled(entry)))
      .map((line) => `${line}\n`)
      .join("")
  );
}
