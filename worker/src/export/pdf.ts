import { type Color, PDFDocument, type PDFPage, rgb } from "pdf-lib";
import { isRtl } from "./direction";
import { pdfFontkit } from "./fonts";
import type { FontSource } from "./fonts/source";
import { type Outline, outline } from "./outline";
import type { ExportDoc } from "./types";
import { type Direction, Typesetter } from "./typesetter";

// A4 in points.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
const FOOTER_Y = 28;
const LEADING = 1.4;

const INK = rgb(0.11, 0.11, 0.13);
const MUTED = rgb(0.42, 0.42, 0.46);
const ACCENT = rgb(0.12, 0.27, 0.55);

const SIZE = { title: 20, heading: 14, body: 10.5, facts: 10, time: 9, footer: 8 } as const;
const BULLET = "•";
const BULLET_INDENT = 16;

interface Marker {
  text: string;
  size: number;
  color: Color;
  /** Offset from the left margin. */
  x: number;
}

/** Flows text down A4 pages, starting a new page whenever the next line would cross the bottom margin. */
class PageWriter {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly type: Typesetter,
  ) {
    this.newPage();
  }

  private newPage(): void {
    this.page = this.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /** Moves to a new page unless `height` more points fit on this one. */
  keep(height: number): void {
    if (this.y - height < MARGIN) this.newPage();
  }

  gap(points: number): void {
    this.y -= points;
  }

  /**
   * A paragraph indented by `indent`, wrapped to the margin; "\n" starts a new line. `marker` (a bullet or timestamp)
   * goes in front of the first line.
   */
  block(
    text: string,
    options: { size: number; color: Color; indent?: number; marker?: Marker; direction?: Direction },
  ): void {
    const { size, color, indent = 0, marker } = options;
    const left = MARGIN + indent;
    const width = PAGE_WIDTH - MARGIN - left;
    const lineHeight = size * LEADING;
    let first = true;
    for (const part of text.split("\n")) {
      for (const line of this.type.wrap(part, size, width, options.direction)) {
        this.keep(lineHeight);
        this.y -= lineHeight;
        const baseline = this.y + lineHeight - size;
        if (first && marker) {
          const [markerLine] = this.type.wrap(marker.text, marker.size, Number.POSITIVE_INFINITY, "ltr");
          if (markerLine)
            this.type.draw(this.page, markerLine, MARGIN + marker.x, width, baseline, marker.size, marker.color);
        }
        this.type.draw(this.page, line, left, width, baseline, size, color);
        first = false;
      }
    }
  }

  heading(text: string): void {
    // A heading never ends a page: it needs room for itself and two lines of what follows.
    this.keep(SIZE.heading * LEADING + 2 * SIZE.body * LEADING + 14);
    this.gap(14);
    this.block(text, { size: SIZE.heading, color: ACCENT });
    this.gap(4);
  }

  bullets(items: readonly string[]): void {
    for (const item of items) {
      this.block(item, {
        size: SIZE.body,
        color: INK,
        indent: BULLET_INDENT,
        marker: { text: BULLET, size: SIZE.body, color: INK, x: 4 },
      });
      this.gap(3);
    }
  }

  /** "Page n of N" (in the reader's language), drawn once every page exists. */
  footers(page: (n: number, of: number) => string): void {
    this.pages.forEach((pdfPage, i) => {
      const label = page(i + 1, this.pages.length);
      const [line] = this.type.wrap(label, SIZE.footer, Number.POSITIVE_INFINITY, "ltr");
      const width = this.type.width(label) * SIZE.footer;
      if (line) this.type.draw(pdfPage, line, (PAGE_WIDTH - width) / 2, width, FOOTER_Y, SIZE.footer, MUTED);
    });
  }
}

function textsOf(o: Outline): string[] {
  return [
    o.title,
    ...o.facts.map((f) => `${f.label}: ${f.value}`),
    o.labels.summary,
    o.labels.keyPoints,
    o.labels.actionItems,
    o.labels.transcript,
    o.labels.emptyTranscript,
    o.labels.page(888, 888),
    BULLET,
    ...o.summary,
    ...o.keyPoints,
    ...o.actionItems,
    ...o.transcript.flatMap((e) => [e.time ?? "", e.speaker ?? "", e.text]),
  ];
}

// The gutter fits "[mmm:ss]", the widest marker a recording under 1,000 minutes has.
const TIME_GUTTER = 52;

/** The PDF of a transcript; its fonts are read from `fonts` (only those its text needs, once per isolate). */
export async function toPdf(doc: ExportDoc, fonts: FontSource): Promise<Uint8Array> {
  const o = outline(doc);
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(pdfFontkit);
  pdf.setTitle(o.title, { showInWindowTitleBar: true });
  pdf.setSubject(o.labels.transcript);
  pdf.setCreator("Verbatim");
  pdf.setProducer("Verbatim");
  if (doc.language && /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(doc.language)) pdf.setLanguage(doc.language);

  const type = await Typesetter.create(pdf, textsOf(o), fonts);
  const out = new PageWriter(pdf, type);

  out.block(o.title, { size: SIZE.title, color: INK });
  out.gap(6);
  for (const fact of o.facts) out.block(`${fact.label}: ${fact.value}`, { size: SIZE.facts, color: MUTED });

  if (o.summary.length > 0) {
    out.heading(o.labels.summary);
    for (const paragraph of o.summary) {
      out.block(paragraph, { size: SIZE.body, color: INK });
      out.gap(5);
    }
  }
  if (o.keyPoints.length > 0) {
    out.heading(o.labels.keyPoints);
    out.bullets(o.keyPoints);
  }
  if (o.actionItems.length > 0) {
    out.heading(o.labels.actionItems);
    out.bullets(o.actionItems);
  }

  out.heading(o.labels.transcript);
  if (o.transcript.length === 0) out.block(o.labels.emptyTranscript, { size: SIZE.body, color: MUTED });
  for (const entry of o.transcript) {
    const text = entry.speaker ? `${entry.speaker}: ${entry.text}` : entry.text;
    out.block(text, {
      size: SIZE.body,
      color: INK,
      indent: TIME_GUTTER,
      // The speech decides the direction, so an Arabic line reads right to left even behind a Latin speaker name.
      direction: isRtl(entry.text) ? "rtl" : "ltr",
      marker: entry.time ? { text: entry.time, size: SIZE.time, color: MUTED, x: 0 } : undefined,
    });
    out.gap(3);
  }

  out.footers(o.labels.page);
  // Yielding between objects only slows a Worker down; the document is built in one go.
  return pdf.save({ objectsPerTick: Number.POSITIVE_INFINITY });
}
