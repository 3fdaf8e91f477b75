import {
  AlignmentType,
  Document,
  Footer,
  HeadingLevel,
  Packer,
  PageNumber,
  Paragraph,
  Tab,
  TabStopType,
  TextRun,
} from "docx";
import { isRtl } from "./direction";
import { outline } from "./outline";
import type { ExportDoc } from "./types";

const MUTED = "6B6B75";
// Twips (1/20 pt): the timestamp sits in a hanging indent so wrapped speech lines up behind it.
const TIME_GUTTER = 1000;

/** Runs for text that may hold "\n", each later line starting on a line break inside the same paragraph. */
function lines(text: string, rightToLeft: boolean): TextRun[] {
  return text.split("\n").map((line, i) => new TextRun({ text: line, break: i > 0 ? 1 : undefined, rightToLeft }));
}

type Heading = (typeof HeadingLevel)[keyof typeof HeadingLevel];

/** A paragraph that reads right to left when its text does, so Word aligns and orders it as its readers expect. */
function paragraph(text: string, options: { heading?: Heading; bullet?: true } = {}): Paragraph {
  const rtl = isRtl(text);
  return new Paragraph({
    heading: options.heading,
    bullet: options.bullet ? { level: 0 } : undefined,
    bidirectional: rtl,
    children: lines(text, rtl),
  });
}

export async function toDocx(doc: ExportDoc): Promise<Uint8Array> {
  const o = outline(doc);
  const children: Paragraph[] = [
    paragraph(o.title, { heading: HeadingLevel.TITLE }),
    ...o.facts.map(
      (fact) =>
        new Paragraph({
          children: [
            new TextRun({ text: `${fact.label}: `, bold: true, color: MUTED }),
            new TextRun({ text: fact.value, color: MUTED }),
          ],
        }),
    ),
  ];

  if (o.summary.length > 0) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, text: o.labels.summary }));
    children.push(...o.summary.map((text) => paragraph(text)));
  }
  for (const [title, items] of [
    [o.labels.keyPoints, o.keyPoints],
    [o.labels.actionItems, o.actionItems],
  ] as const) {
    if (items.length === 0) continue;
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, text: title }));
    children.push(...items.map((item) => paragraph(item, { bullet: true })));
  }

  children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, text: o.labels.transcript }));
  if (o.transcript.length === 0) {
    children.push(new Paragraph({ children: [new TextRun({ text: o.labels.emptyTranscript, color: MUTED })] }));
  }
  for (const entry of o.transcript) {
    const rtl = isRtl(entry.text);
    children.push(
      new Paragraph({
        bidirectional: rtl,
        tabStops: [{ type: TabStopType.LEFT, position: TIME_GUTTER }],
        indent: { left: TIME_GUTTER, hanging: TIME_GUTTER },
        spacing: { after: 80 },
        children: [
          new TextRun({ children: [entry.time ?? "", new Tab()], color: MUTED }),
          ...(entry.speaker ? [new TextRun({ text: `${entry.speaker}: `, bold: true })] : []),
          ...lines(entry.text, rtl),
        ],
      }),
    );
  }

  const document = new Document({
    title: o.title,
    subject: o.labels.transcript,
    creator: "Verbatim",
    sections: [
      {
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({
                    children: pageFooter(o.labels.page),
                    color: MUTED,
                    size: 16,
                  }),
                ],
              }),
            ],
          }),
        },
        children,
      },
    ],
  });
  return Packer.pack(document, "uint8array");
}

/** "Page n of N" in the reader's language, with Word's page fields where the numbers go. */
function pageFooter(
  page: (n: number, of: number) => string,
): (string | (typeof PageNumber)[keyof typeof PageNumber])[] {
  const [before = "", between = "", after = ""] = page(-1, -2).split(/-1|-2/);
  return [before, PageNumber.CURRENT, between, PageNumber.TOTAL_PAGES, after].filter((part) => part !== "");
}
