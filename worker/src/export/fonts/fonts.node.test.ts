import { beforeEach, describe, expect, it, vi } from "vitest";
import { diskFonts, fontFiles } from "../../../test/fonts";
import { meeting, multilingual } from "../test-fixtures";
import { FONT_FILES, type FontFile, type FontSource } from "./source";

// Each test gets the module afresh, with nothing read yet: the fonts are kept per isolate.
let exporter: typeof import("../index");
beforeEach(async () => {
  vi.resetModules();
  exporter = await import("../index");
});

/** diskFonts, recording each file asked for; `missing` files are not there. */
function recording(missing: FontFile[] = []) {
  const read: FontFile[] = [];
  const source: FontSource = async (file) => {
    read.push(file);
    return missing.includes(file) ? null : diskFonts(file);
  };
  return { read, source };
}

describe("PDF fonts", () => {
  it("are all in worker/assets/fonts, which the start and test commands upload to R2", () => {
    expect(fontFiles().sort()).toEqual([...FONT_FILES].sort());
  });

  it("are read when a document first needs them, only those it needs, once per isolate", async () => {
    const { read, source } = recording();
    await exporter.exportTranscription(meeting, "pdf", { fonts: source });
    expect(read).toEqual(["NotoSans-Regular.ttf"]);
    await exporter.exportTranscription(multilingual, "pdf", { fonts: source });
    await exporter.exportTranscription(multilingual, "pdf", { fonts: source });
    expect(read).toEqual([...FONT_FILES]);
  });

  it("that are missing fail the PDF with a MissingFontError naming the file, and are looked for again", async () => {
    const absent = recording(["NotoSansJP-Regular.ttf"]);
    const failed = exporter.exportTranscription(multilingual, "pdf", { fonts: absent.source });
    await expect(failed).rejects.toThrow(exporter.MissingFontError);
    await expect(failed).rejects.toThrow(
      "PDF fonts are not installed: assets/fonts/NotoSansJP-Regular.ttf is missing from the MEDIA bucket",
    );
    // A Latin document does not need the missing font.
    await exporter.exportTranscription(meeting, "pdf", { fonts: absent.source });
    const present = recording();
    await exporter.exportTranscription(multilingual, "pdf", { fonts: present.source });
    expect(present.read).toEqual(["NotoSansJP-Regular.ttf"]);
  });
});
