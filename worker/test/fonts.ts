import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { FontSource } from "../src/export/fonts/source";

/** The PDF fonts' home in the repository; the Worker reads them from R2 (assets/fonts/ in the MEDIA bucket). */
export const FONTS_DIR = fileURLToPath(new URL("../assets/fonts/", import.meta.url));

/** Every font file there, as the start and test commands upload them. */
export const fontFiles = () => readdirSync(FONTS_DIR).filter((f) => f.endsWith(".ttf"));

/** For the Node tests: the fonts straight from the disk. */
export const diskFonts: FontSource = async (file) => {
  const bytes = await readFile(`${FONTS_DIR}${file}`).catch(() => null);
  if (!bytes) return null;
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
};
