import {
  beginText,
  type Color,
  endText,
  type PDFDocument,
  type PDFFont,
  type PDFName,
  type PDFPage,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
} from "pdf-lib";
import { bidi, isRtl, mayBeRtl } from "./direction";
import { type Face, LAYOUT_FEATURES, loadFace } from "./fonts";
import { FONT_FILES, type FontSource } from "./fonts/source";

export type Direction = "ltr" | "rtl";

/** One wrapped line: a slice of its paragraph, which keeps the paragraph's bidi levels. */
export interface Line {
  paragraph: Paragraph;
  start: number;
  end: number;
}

interface Paragraph {
  text: string;
  levels: Uint8Array;
  direction: Direction;
}

interface Piece {
  font: number;
  text: string;
}

const SKIP = -1;

// Zero-width and control characters that no font draws would otherwise print as empty boxes.
const INVISIBLE = /^[\p{Default_Ignorable_Code_Point}\p{Cc}]$/u;
// Control characters (line breaks, tabs) are in no font: skipped without reading every font to be sure.
const CONTROL = /^\p{Cc}$/u;
const WHITESPACE = /^\s$/u;
const BREAKS_AROUND =
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303F\uFF00-\uFFEF]$/u;
// Japanese line-breaking rules (kinsoku): these never start a line…
const NO_BREAK_BEFORE =
  /^[、。，．・：；？！ー」』）】〉》〕｝〟ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ々〻゠〜～!%),.:;?\]}]$/u;
// …and these never end one.
const NO_BREAK_AFTER = /^[「『（【〈《〔｛〝([{]$/u;

/**
 * Lays out and draws Unicode text with pdf-lib: picks a font per character from FONT_FILES, wraps lines (at spaces, and
 * between CJK characters), and orders right-to-left runs visually with the Unicode Bidirectional Algorithm. Arabic
 * shaping and the reversal of right-to-left glyphs happen in fontkit's layout, which pdf-lib runs for every string.
 */
export class Typesetter {
  private readonly fontOf = new Map<number, number>();
  private readonly pieceWidths = new Map<string, number>();
  private readonly textWidths = new Map<string, number>();
  private readonly fontKeys = new WeakMap<PDFPage, Map<number, PDFName>>();

  private constructor(
    /** The font files read so far, by index in FONT_FILES. */
    private readonly faces: readonly (Face | undefined)[],
    /** The ones embedded in the document: only these draw. */
    private readonly fonts: readonly (PDFFont | undefined)[],
  ) {}

  /**
   * Embeds (as subsets) just the fonts the given texts need. Fonts are read from `source` in fallback order until one
   * draws the character: a Latin transcript reads Noto Sans alone, and only CJK text reads the large Noto Sans JP.
   */
  static async create(doc: PDFDocument, texts: Iterable<string>, source: FontSource): Promise<Typesetter> {
    const faces: (Face | undefined)[] = [await loadFace(0, source)];
    const needed = new Set<number>([0]);
    const fontOf = new Map<number, number>();
    for (const text of texts) {
      for (const char of text) {
        const codePoint = char.codePointAt(0) as number;
        if (fontOf.has(codePoint)) continue;
        let font = CONTROL.test(char) ? SKIP : undefined;
        for (let i = 0; i < FONT_FILES.length && font === undefined; i++) {
          faces[i] ??= await loadFace(i, source);
          if ((faces[i] as Face).font.hasGlyphForCodePoint(codePoint)) font = i;
        }
        font ??= INVISIBLE.test(char) ? SKIP : 0;
        if (font !== SKIP) needed.add(font);
        fontOf.set(codePoint, font);
      }
    }
    const fonts = await Promise.all(
      faces.map((face, i) =>
        face && needed.has(i) ? doc.embedFont(face.bytes, { subset: true, features: LAYOUT_FEATURES }) : undefined,
      ),
    );
    const typesetter = new Typesetter(faces, fonts);
    for (const [codePoint, font] of fontOf) typesetter.fontOf.set(codePoint, font);
    return typesetter;
  }

  /** Whether font `index` draws the character. */
  private covers(index: number, codePoint: number): boolean {
    return this.faces[index]?.font.hasGlyphForCodePoint(codePoint) ?? false;
  }

  /** The font for a character create() did not see: the first embedded font that draws it. */
  private fontFor(codePoint: number): number {
    let font = this.fontOf.get(codePoint);
    if (font === undefined) {
      font = this.fonts.findIndex((embedded, i) => embedded !== undefined && this.covers(i, codePoint));
      if (font === -1) font = INVISIBLE.test(String.fromCodePoint(codePoint)) ? SKIP : 0;
      this.fontOf.set(codePoint, font);
    }
    return font;
  }

  /** Splits text into same-font pieces; spaces, digits and punctuation stay in the font of the text around them. */
  private pieces(text: string): Piece[] {
    const pieces: Piece[] = [];
    let last: Piece | undefined;
    for (const char of text) {
      const codePoint = char.codePointAt(0) as number;
      let font = this.fontFor(codePoint);
      if (font === SKIP) continue;
      const type = bidi().getBidiCharTypeName(char);
      const neutral = type !== "L" && type !== "R" && type !== "AL";
      if (neutral && last && this.covers(last.font, codePoint)) {
        font = last.font;
      }
      if (last && last.font === font) last.text += char;
      else {
        last = { font, text: char };
        pieces.push(last);
      }
    }
    return pieces;
  }

  private pieceWidth(piece: Piece): number {
    const key = `${piece.font}\u0000${piece.text}`;
    let width = this.pieceWidths.get(key);
    if (width === undefined) {
      width = (this.fonts[piece.font] as PDFFont).widthOfTextAtSize(piece.text, 1);
      this.pieceWidths.set(key, width);
    }
    return width;
  }

  /** Width of text at font size 1. */
  width(text: string): number {
    let width = this.textWidths.get(text);
    if (width === undefined) {
      width = 0;
      for (const piece of this.pieces(text)) width += this.pieceWidth(piece);
      this.textWidths.set(text, width);
    }
    return width;
  }

  /** Wraps one paragraph (no line breaks inside) to lines no wider than maxWidth at the given size. */
  wrap(text: string, size: number, maxWidth: number, direction: Direction = isRtl(text) ? "rtl" : "ltr"): Line[] {
    const levels =
      direction === "ltr" && !mayBeRtl(text)
        ? new Uint8Array(text.length)
        : bidi().getEmbeddingLevels(text, direction).levels;
    const paragraph: Paragraph = { text, levels, direction };
    const limit = maxWidth / size;
    const lines: Line[] = [];
    let line: Line | undefined;
    let lineWidth = 0;
    let space = 0;

    const startLine = (from: number, to: number, width: number) => {
      line = { paragraph, start: from, end: to };
      lines.push(line);
      lineWidth = width;
    };

    for (const token of tokens(text)) {
      const slice = text.slice(token.start, token.end);
      if (token.space) {
        space = line ? this.width(slice) : 0;
        continue;
      }
      const width = this.width(slice);
      if (line && lineWidth + space + width <= limit) {
        line.end = token.end;
        lineWidth += space + width;
      } else if (width <= limit) {
        startLine(token.start, token.end, width);
      } else {
        // A word wider than the column (a URL, a long run of digits) is cut between characters.
        let from = token.start;
        let chunkWidth = 0;
        let i = token.start;
        for (const char of slice) {
          const charWidth = this.width(char);
          if (chunkWidth + charWidth > limit && i > from) {
            startLine(from, i, chunkWidth);
            from = i;
            chunkWidth = 0;
          }
          chunkWidth += charWidth;
          i += char.length;
        }
        startLine(from, token.end, chunkWidth);
      }
      space = 0;
    }
    return lines;
  }

  /**
   * Draws a line inside the column [x, x + columnWidth]: left-aligned, or right-aligned in a right-to-left paragraph.
   * One text object per line with bare positioning and show operators: pdf-lib's drawText wraps every string in a
   * dozen operators, which made a long transcript's content streams several times larger and slower to write.
   */
  draw(page: PDFPage, line: Line, x: number, columnWidth: number, y: number, size: number, color: Color): void {
    const placed = this.visualPieces(line);
    let cursor = x;
    if (line.paragraph.direction === "rtl") {
      cursor += columnWidth - placed.reduce((sum, piece) => sum + this.pieceWidth(piece), 0) * size;
    }
    const operators = [beginText(), setFillingColor(color)];
    for (const [i, piece] of placed.entries()) {
      const font = this.fonts[piece.font] as PDFFont;
      if (i === 0 || piece.font !== placed[i - 1]?.font)
        operators.push(setFontAndSize(this.fontKey(page, piece.font), size));
      operators.push(setTextMatrix(1, 0, 0, 1, cursor, y), showText(font.encodeText(piece.text)));
      if (i < placed.length - 1) cursor += this.pieceWidth(piece) * size;
    }
    operators.push(endText());
    page.pushOperators(...operators);
  }

  /** The name a page's resources give a font, added on the page's first use of it. */
  private fontKey(page: PDFPage, index: number): PDFName {
    let keys = this.fontKeys.get(page);
    if (!keys) {
      keys = new Map();
      this.fontKeys.set(page, keys);
    }
    let key = keys.get(index);
    if (!key) {
      const font = this.fonts[index] as PDFFont;
      key = page.node.newFontDictionary(font.name, font.ref);
      keys.set(index, key);
    }
    return key;
  }

  /** The line's pieces left to right on the page (UAX #9 rule L2), each ready for fontkit to shape. */
  private visualPieces(line: Line): Piece[] {
    const { text, levels } = line.paragraph;
    const runs: { level: number; start: number; end: number }[] = [];
    for (let i = line.start; i < line.end; i++) {
      const level = levels[i] as number;
      const run = runs[runs.length - 1];
      if (run && run.level === level) run.end = i + 1;
      else runs.push({ level, start: i, end: i + 1 });
    }
    const highest = Math.max(0, ...runs.map((r) => r.level));
    const lowestOdd = Math.min(highest + 1, ...runs.filter((r) => r.level % 2 === 1).map((r) => r.level));
    for (let level = highest; level >= lowestOdd; level--) {
      for (let i = 0; i < runs.length; i++) {
        if ((runs[i] as (typeof runs)[number]).level < level) continue;
        let j = i;
        while (j + 1 < runs.length && (runs[j + 1] as (typeof runs)[number]).level >= level) j++;
        runs.splice(i, j - i + 1, ...runs.slice(i, j + 1).reverse());
        i = j;
      }
    }
    return runs.flatMap((run) => {
      const slice = text.slice(run.start, run.end);
      if (run.level % 2 === 0) return this.pieces(slice);
      // Right-to-left: fontkit reverses the glyphs of Arabic or Hebrew text itself; anything else is reversed here.
      const mirrored = Array.from(slice, (char) => bidi().getMirroredCharacter(char) ?? char).join("");
      return this.pieces(mirrored)
        .reverse()
        .map((piece) =>
          hasStrongRtl(piece.text) ? piece : { ...piece, text: Array.from(piece.text).reverse().join("") },
        );
    });
  }
}

function hasStrongRtl(text: string): boolean {
  for (const char of text) {
    const type = bidi().getBidiCharTypeName(char);
    if (type === "R" || type === "AL") return true;
  }
  return false;
}

/** Breakable units: runs of whitespace, and words, where each CJK character is a word of its own. */
function tokens(text: string): { start: number; end: number; space: boolean }[] {
  const out: { start: number; end: number; space: boolean }[] = [];
  let previous = "";
  let i = 0;
  for (const char of text) {
    const space = WHITESPACE.test(char);
    const last = out[out.length - 1];
    const joins =
      last !== undefined &&
      last.space === space &&
      (space ||
        !(BREAKS_AROUND.test(char) || BREAKS_AROUND.test(previous)) ||
        NO_BREAK_BEFORE.test(char) ||
        NO_BREAK_AFTER.test(previous));
    if (joins) last.end = i + char.length;
    else out.push({ start: i, end: i + char.length, space });
    previous = char;
    i += char.length;
  }
  return out;
}
