// @pdf-lib/fontkit 1.1.1 ships its syllable matcher (used by the Indic and Universal shapers: Devanagari, Bengali, Tamil,
// Thai, Khmer, …) as a regenerator-compiled generator that reads a global `regeneratorRuntime` at call time: without it,
// laying out such text throws. Imported here, the runtime loads with the fonts, on the first export only.
import "regenerator-runtime";
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument } from "pdf-lib";
import { mayBeRtl } from "../direction";
import { FONT_FILES, type FontFile, type FontSource, MissingFontError } from "./source";

type Fontkit = Parameters<PDFDocument["registerFontkit"]>[0];
type FontkitFont = ReturnType<Fontkit["create"]>;

// Parsing the 5 MB CJK font costs tens of milliseconds; a parsed font is read-only, so one copy serves every export.
const parsed = new WeakMap<ArrayBufferLike, FontkitFont>();

/**
 * @pdf-lib/fontkit 1.1.1 writes a short `loca` table for any subset under 64 KB of glyph data, halving every offset,
 * which garbles each glyph of odd byte length (Noto Sans and Noto Sans JP have many: whole words render blank). Forcing
 * the long format keeps every offset exact; the subset's `loca` is only assigned inside `encode`, hence the setter.
 */
function withLongLoca(font: FontkitFont): FontkitFont {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    let loca: object | undefined;
    Object.defineProperty(subset, "loca", {
      get: () => loca,
      set: (value: object) => {
        loca = { ...value, version: 1 };
      },
    });
    return subset;
  };
  return font;
}

/**
 * pdf-lib draws each glyph at its advance width and drops fontkit's GPOS offsets, so computing them (kerning above
 * all) is wasted: it was most of the time a long transcript took. Substitutions (Arabic joining forms, ligatures) run.
 */
export const LAYOUT_FEATURES = { kern: false, mark: false, mkmk: false, curs: false, dist: false };

// Measuring and encoding a string happen moments apart; keeping more layouts only makes work for the garbage collector.
const MAX_REMEMBERED_LAYOUTS = 64;
const MARK = /\p{M}/u;
// Combining marks may be composed by the font's GSUB; right-to-left text needs joining forms and reversed glyphs.
const needsShaping = (text: string) => MARK.test(text) || mayBeRtl(text);

/**
 * pdf-lib reads only the glyphs of a layout, and fontkit builds a whole shaping plan for every call: for text that needs
 * no shaping (Latin, Greek, Cyrillic, CJK without marks) the font's character map gives the same glyphs for a fraction of
 * the cost. Shaped layouts are remembered briefly, since pdf-lib lays a string out twice, to measure it and to encode it.
 * Only calls with LAYOUT_FEATURES take these paths, since the key is the text alone.
 */
function fastLayout(font: FontkitFont): FontkitFont {
  const layout = font.layout.bind(font);
  const remembered = new Map<string, ReturnType<FontkitFont["layout"]>>();
  font.layout = (text, features) => {
    if (features !== LAYOUT_FEATURES) return layout(text, features);
    if (!needsShaping(text)) {
      return { glyphs: font.glyphsForString(text) } as ReturnType<FontkitFont["layout"]>;
    }
    let run = remembered.get(text);
    if (!run) {
      run = layout(text, features);
      remembered.set(text, run);
      if (remembered.size > MAX_REMEMBERED_LAYOUTS) remembered.delete(remembered.keys().next().value as string);
    }
    return run;
  };
  return font;
}

/** The fontkit pdf-lib embeds with: parses each font file once per isolate, lays out fast and subsets correctly. */
export const pdfFontkit: Fontkit = {
  create(bytes) {
    let font = parsed.get(bytes.buffer);
    if (!font) {
      font = fastLayout(withLongLoca(fontkit.create(bytes)));
      parsed.set(bytes.buffer, font);
    }
    return font;
  },
};

/** A font file read and parsed: the bytes pdf-lib embeds, and the parsed font that says which characters it draws. */
export interface Face {
  bytes: Uint8Array;
  font: FontkitFont;
}

// Per isolate: a file is read and parsed for the first document that needs it, then serves every later one.
const faces = new Map<FontFile, Promise<Face>>();

/** FONT_FILES[index], read from `source` on first use; a missing file (MissingFontError) is looked for again next time. */
export function loadFace(index: number, source: FontSource): Promise<Face> {
  const file = FONT_FILES[index] as FontFile;
  let face = faces.get(file);
  if (!face) {
    const loading = source(file).then((buffer) => {
      if (!buffer) throw new MissingFontError(file);
      const bytes = new Uint8Array(buffer);
      return { bytes, font: pdfFontkit.create(bytes) };
    });
    loading.catch(() => {
      if (faces.get(file) === loading) faces.delete(file);
    });
    faces.set(file, loading);
    face = loading;
  }
  return face;
}
