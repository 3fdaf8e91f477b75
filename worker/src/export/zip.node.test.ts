import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { diskFonts } from "../../test/fonts";
import { exportTranscription, type ZipEntry, type ZipItem, zipExports } from "./index";
import { meeting, multilingual } from "./test-fixtures";
import { bytesOf } from "./test-helpers";
import { ERRORS_FILE } from "./zip";

// Info-ZIP's unzip reads the archives: a different implementation from fflate, which writes them.

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

async function collect(zip: Promise<ReadableStream<Uint8Array> | null>): Promise<Uint8Array> {
  const stream = await zip;
  if (!stream) throw new Error("expected an archive, got null");
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function writeZip(zip: Uint8Array): string {
  dir = dir ?? mkdtempSync(join(tmpdir(), "verbatim-zip-"));
  const path = join(dir, "bulk.zip");
  writeFileSync(path, zip);
  return path;
}

function unzipRun(zip: Uint8Array, options: string[], names: string[] = []): string {
  return execFileSync("unzip", [...options, writeZip(zip), ...names], { encoding: "utf8" });
}

const unzipNames = (zip: Uint8Array) => unzipRun(zip, ["-Z1"]).split("\n").filter(Boolean);
const unzipEntry = (zip: Uint8Array, name: string) => execFileSync("unzip", ["-p", writeZip(zip), name]);

async function* entries(list: ZipItem[]): AsyncGenerator<ZipItem> {
  yield* list;
}

function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.subarray(i, i + 7));
      controller.close();
    },
  });
}

describe("zipExports", () => {
  it("holds one entry per transcription, with repeated names made unique", async () => {
    const txt = bytesOf(await exportTranscription(meeting, "txt"));
    const pdf = bytesOf(await exportTranscription(meeting, "pdf", { fonts: diskFonts }));
    const docx = bytesOf(await exportTranscription(multilingual, "docx"));
    const zip = await collect(
      zipExports(
        entries([
          { name: "Atlas Q3 planning_transcript.txt", body: txt },
          { name: "Atlas Q3 planning_transcript.txt", body: chunked("second copy") },
          { name: "atlas q3 planning_transcript.txt", body: txt },
          { name: "Atlas Q3 planning_transcript.pdf", body: pdf },
          { name: "Réunion — 日本語の会議_transcript.docx", body: docx },
          { name: "../escape/attempt.txt", body: new Uint8Array() },
        ]),
      ),
    );

    expect(unzipRun(zip, ["-t"])).toContain("No errors detected");
    expect(unzipNames(zip)).toEqual([
      "Atlas Q3 planning_transcript.txt",
      "Atlas Q3 planning_transcript (2).txt",
      "atlas q3 planning_transcript (3).txt",
      "Atlas Q3 planning_transcript.pdf",
      "Réunion — 日本語の会議_transcript.docx",
      "__escape_attempt.txt",
    ]);
    expect(unzipEntry(zip, "Atlas Q3 planning_transcript.txt").equals(txt)).toBe(true);
    expect(unzipEntry(zip, "Atlas Q3 planning_transcript (2).txt").toString()).toBe("second copy");
    expect(unzipEntry(zip, "Atlas Q3 planning_transcript.pdf").equals(pdf)).toBe(true);
    expect(unzipEntry(zip, "Réunion — 日本語の会議_transcript.docx").equals(docx)).toBe(true);
  });

  it("compresses text but stores PDF and DOCX, which are compressed already", async () => {
    const txt = bytesOf(await exportTranscription(meeting, "txt"));
    const pdf = bytesOf(await exportTranscription(meeting, "pdf", { fonts: diskFonts }));
    const zip = await collect(
      zipExports(
        entries([
          { name: "a.txt", body: txt },
          { name: "a.pdf", body: pdf },
        ]),
      ),
    );
    const listing = unzipRun(zip, ["-v"]);
    expect(listing).toMatch(/Defl:N\s.*a\.txt/);
    expect(listing).toMatch(/Stored\s.*a\.pdf/);
  });

  it("pulls transcriptions only as fast as the ZIP is read, and stops when the reader cancels", async () => {
    let pulled = 0;
    let finished = false;
    async function* slow(): AsyncGenerator<ZipEntry> {
      try {
        for (let i = 0; i < 50; i++) {
          pulled++;
          yield { name: `t${i}.txt`, body: new TextEncoder().encode(`transcript ${i}`) };
        }
      } finally {
        finished = true;
      }
    }
    const reader = (await zipExports(slow()))?.getReader();
    if (!reader) throw new Error("expected an archive");
    await reader.read();
    expect(pulled).toBeLessThan(3);
    await reader.cancel();
    expect(finished).toBe(true);
    expect(pulled).toBeLessThan(3);
  });

  it("leaves out the items that failed and lists them in export-errors.txt, the last entry", async () => {
    const txt = bytesOf(await exportTranscription(meeting, "txt"));
    const zip = await collect(
      zipExports(
        entries([
          { item: "बजट बैठक (id-1)", reason: "could not be rendered as PDF" },
          { name: "Atlas Q3 planning_transcript.txt", body: txt },
          { item: "Standup (id-3)", reason: "Not found" },
          { name: "Réunion_transcript.txt", body: chunked("second") },
        ]),
      ),
    );
    expect(unzipRun(zip, ["-t"])).toContain("No errors detected");
    expect(unzipNames(zip)).toEqual(["Atlas Q3 planning_transcript.txt", "Réunion_transcript.txt", ERRORS_FILE]);
    expect(unzipEntry(zip, "Atlas Q3 planning_transcript.txt").equals(txt)).toBe(true);
    expect(unzipEntry(zip, ERRORS_FILE).toString()).toBe(
      "These could not be exported and are not in this archive:\n\n" +
        "बजट बैठक (id-1): could not be rendered as PDF\nStandup (id-3): Not found\n",
    );
  });

  it("is null, no archive at all, when every item failed", async () => {
    const zip = await zipExports(entries([{ item: "Standup (id-1)", reason: "could not be rendered as PDF" }]));
    expect(zip).toBeNull();
  });

  it("is a valid, empty archive when there is nothing to export", async () => {
    const zip = await collect(zipExports(entries([])));
    const check = spawnSync("zipinfo", [writeZip(zip)], { encoding: "utf8" });
    expect(check.stdout).toContain("number of entries: 0");
    expect(check.stdout).toContain("Empty zipfile.");
  });
});
