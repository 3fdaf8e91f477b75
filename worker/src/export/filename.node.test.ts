import { renameSchema } from "@verbatim/shared";
import { parse } from "content-disposition";
import { describe, expect, it } from "vitest";
import { contentDisposition, exportFileName } from "./index";

describe("exportFileName", () => {
  it("is the name, or the file name without its extension, plus _transcript and the format's extension", () => {
    expect(exportFileName({ name: "Atlas Q3 planning", fileName: "atlas.m4a" }, "pdf")).toBe(
      "Atlas Q3 planning_transcript.pdf",
    );
    expect(exportFileName({ name: null, fileName: "Board meeting.final.mp4" }, "txt")).toBe(
      "Board meeting.final_transcript.txt",
    );
    expect(exportFileName({ name: "   ", fileName: "interview" }, "srt")).toBe("interview_transcript.srt");
    expect(exportFileName({ name: null, fileName: ".hidden" }, "csv")).toBe("_hidden_transcript.csv");
    expect(exportFileName({ name: "Réunion — 日本語の会議", fileName: "x.wav" }, "docx")).toBe(
      "Réunion — 日本語の会議_transcript.docx",
    );
  });

  it("cannot climb out of a folder or break a Windows file system", () => {
    expect(exportFileName({ name: "../../etc/passwd", fileName: "a.mp3" }, "txt")).toBe(
      "__.._etc_passwd_transcript.txt",
    );
    expect(exportFileName({ name: 'Q3 "final": a/b\\c?', fileName: "a.mp3" }, "txt")).toBe(
      "Q3 'final'_ a_b_c__transcript.txt",
    );
    expect(exportFileName({ name: "tab\there\u0000", fileName: "a.mp3" }, "txt")).toBe("tabhere_transcript.txt");
  });

  it("drops bidi controls, so a title cannot disguise the download's extension (finding 2)", () => {
    const name = exportFileName({ name: "invoice\u202eexe.txt", fileName: "a.mp3" }, "txt");
    expect(name).toBe("invoiceexe.txt_transcript.txt");
    const header = contentDisposition(name);
    expect(header).not.toMatch(/%E2%80%AE|\u202e/i);
    expect(parse(header).parameters.filename).toBe("invoiceexe.txt_transcript.txt");
    expect(renameSchema.parse({ name: " Q3\u2066 review\r\n " }).name).toBe("Q3 review");
    expect(renameSchema.parse({ name: "Réunion 👩‍👩‍👧 日本語" }).name).toBe("Réunion 👩‍👩‍👧 日本語");
  });

  it("stays under 255 bytes however long the name", () => {
    const name = exportFileName({ name: "会議".repeat(200), fileName: "a.mp3" }, "docx");
    expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(255);
    expect(name.endsWith("_transcript.docx")).toBe(true);
  });
});

describe("contentDisposition", () => {
  // `content-disposition` (jshttp, as used by Express) parses the header as browsers do: the UTF-8 `filename*` wins
  // where it is understood, and `extended: false` shows what an old client falls back to.
  const utf8Name = (header: string) => parse(header).parameters.filename;
  const asciiName = (header: string) => parse(header, { extended: false }).parameters.filename;

  it("round-trips a non-ASCII name through filename* and offers an ASCII fallback", () => {
    const header = contentDisposition("Réunion — 日本語の会議_transcript.pdf");
    expect(parse(header).type).toBe("attachment");
    expect(utf8Name(header)).toBe("Réunion — 日本語の会議_transcript.pdf");
    expect(asciiName(header)).toBe("Reunion _ _______transcript.pdf");
    expect(header).toMatch(/^[\x20-\x7E]+$/);
  });

  it("makes quotes, backslashes, slashes and control characters harmless", () => {
    const header = contentDisposition('a "quoted"\\name/../x\r\nSet-Cookie: y.txt');
    expect(header).not.toMatch(/[\r\n]/);
    expect(utf8Name(header)).toBe("a 'quoted'_name_.._xSet-Cookie_ y.txt");
    expect(asciiName(header)).toBe("a 'quoted'_name_.._xSet-Cookie_ y.txt");
  });

  it("percent-encodes characters RFC 8187 does not allow bare", () => {
    const header = contentDisposition("it's (final) 100%.txt");
    expect(header).toContain("filename*=UTF-8''it%27s%20%28final%29%20100%25.txt");
    expect(utf8Name(header)).toBe("it's (final) 100%.txt");
  });
});
