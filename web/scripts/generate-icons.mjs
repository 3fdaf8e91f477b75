// Renders the app icons (web/public) from one SVG drawing, through Chromium: no image tooling needed.
// Run after changing the mark: `node web/scripts/generate-icons.mjs` (needs /usr/bin/chromium or CHROMIUM_PATH).
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const THEME = "#4f46e5";
const publicDir = fileURLToPath(new URL("../public/", import.meta.url));

// Waveform bars on a 32×32 grid; the same drawing as components/layout/logo.tsx.
const BARS =
  '<path d="M8 13v6M12 10v12M16 7v18M20 11v10M24 14v4" stroke="#fff" stroke-width="2.5" stroke-linecap="round" fill="none"/>';

/** The regular icon: a rounded tile, transparent corners. */
const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>Verbatim</title><rect width="32" height="32" rx="8" fill="${THEME}"/>${BARS}</svg>`;

/** Maskable: full-bleed background, the mark shrunk into the central safe zone (a circle of 80% diameter). */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${THEME}"/><g transform="translate(16 16) scale(0.7) translate(-16 -16)">${BARS}</g></svg>`;

/** iOS rounds the corners itself and shows transparency as black: full-bleed. */
const apple = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${THEME}"/><g transform="translate(16 16) scale(0.85) translate(-16 -16)">${BARS}</g></svg>`;

const outputs = [
  { file: "pwa-192.png", svg: tile, size: 192 },
  { file: "pwa-512.png", svg: tile, size: 512 },
  { file: "maskable-512.png", svg: maskable, size: 512 },
  { file: "apple-touch-icon.png", svg: apple, size: 180 },
];

await mkdir(publicDir, { recursive: true });
await writeFile(`${publicDir}favicon.svg`, `${tile}\n`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage();
  for (const { file, svg, size } of outputs) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace("<svg ", `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({ path: `${publicDir}${file}`, omitBackground: true });
    console.log(`wrote public/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
