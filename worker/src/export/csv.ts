import { markerTime } from "@verbatim/shared/time-marker";
import { labelled, transcriptEntries } from "./transcript";
import type { ExportDoc } from "./types";

// Spreadsheet apps run a cell that starts like a formula; a leading apostrophe keeps it text (OWASP CSV injection).
const defuseFormula = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

/** RFC 4180: a field with a comma, quote or line break is quoted, and quotes inside it are doubled. */
function field(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function toCsv(doc: ExportDoc): string {
  const rows = transcriptEntries(doc).map((entry) => {
    const timestamp = entry.start === null ? "" : markerTime(entry.start);
    return `${field(timestamp)},${field(defuseFormula(labelled(entry)))}\r\n`;
  });
  // The byte-order mark is what makes Excel read the file as UTF-8 instead of the local code page.
  return `\uFEFFTimestamp,Text\r\n${rows.join("")}`;
}
