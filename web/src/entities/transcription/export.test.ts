import { EXPORT_FORMAT_VALUES } from "@verbatim/shared/transcription";
import { expect, test } from "vitest";
import { EXPORT_MENU } from "./export";

test("the export dialog (dashboard and transcript page) offers every format the API renders", () => {
  expect([...EXPORT_MENU].sort()).toEqual([...EXPORT_FORMAT_VALUES].sort());
});

test("lists documents first, then the text and data formats", () => {
  expect(EXPORT_MENU).toEqual(["pdf", "docx", "txt", "csv", "srt", "vtt", "json"]);
});
