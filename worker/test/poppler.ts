import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Poppler (Debian's poppler-utils) reads the PDFs: an independent parser and renderer, not the library that wrote them.

function withPdf<T>(pdf: Uint8Array, use: (path: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), "verbatim-pdf-"));
  try {
    const path = join(dir, "doc.pdf");
    writeFileSync(path, pdf);
    return use(path, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's text in reading order, as `pdftotext` extracts it. */
export function pdfText(pdf: Uint8Array): string {
  return withPdf(pdf, (path) => execFileSync("pdftotext", ["-enc", "UTF-8", path, "-"], { encoding: "utf8" }));
}

export function pdfPageCount(pdf: Uint8Array): number {
  const info = withPdf(pdf, (path) => execFileSync("pdfinfo", [path], { encoding: "utf8" }));
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
}

export interface WordBox {
  page: number;
  pageWidth: number;
  pageHeight: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

const decodeEntities = (s: string) =>
  s
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");

/** Every word with its box in points, top-left origin (`pdftotext -bbox`). */
export function pdfWords(pdf: Uint8Array): WordBox[] {
  const html = withPdf(pdf, (path) =>
    execFileSync("pdftotext", ["-bbox", "-enc", "UTF-8", path, "-"], {
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
    }),
  );
  const words: WordBox[] = [];
  let page = 0;
  let pageWidth = 0;
  let pageHeight = 0;
  const tag =
    /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (const m of html.matchAll(tag)) {
    if (m[1]) {
      page++;
      pageWidth = Number(m[1]);
      pageHeight = Number(m[2]);
      continue;
    }
    words.push({
      page,
      pageWidth,
      pageHeight,
      xMin: Number(m[3]),
      yMin: Number(m[4]),
      xMax: Number(m[5]),
      yMax: Number(m[6]),
      text: decodeEntities(m[7] as string),
    });
  }
  return words;
}

/** Page `page` rendered by `pdftoppm` at 72 dpi (one pixel a point) as 8-bit grey, 0 black to 255 white. */
export function renderPage(pdf: Uint8Array, page: number): { width: number; height: number; pixels: Uint8Array } {
  return withPdf(pdf, (path, dir) => {
    const prefix = join(dir, "page");
    execFileSync("pdftoppm", [
      "-r",
      "72",
      "-gray",
      "-f",
      String(page),
      "-l",
      String(page),
      "-singlefile",
      path,
      prefix,
    ]);
    const pgm = readFileSync(`${prefix}.pgm`);
    // Binary PGM: "P5", width, height, maxval, each followed by one whitespace byte, then the pixels.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString("latin1"));
    if (!header) throw new Error("pdftoppm did not write a binary PGM");
    const width = Number(header[1]);
    const height = Number(header[2]);
    return { width, height, pixels: new Uint8Array(pgm.subarray(header[0].length, header[0].length + width * height)) };
  });
}
