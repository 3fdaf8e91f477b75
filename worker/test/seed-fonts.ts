import { env } from "cloudflare:test";
import { inject } from "vitest";
import { FONT_FILES, FONTS_PREFIX } from "../src/export/fonts/source";

// The PDF export reads its fonts from R2, where the start command puts them. Workers code cannot read the disk, so
// the files come through the test proxy (test/global-setup.ts), once: a file already in the bucket is kept.
for (const file of FONT_FILES) {
  const key = `${FONTS_PREFIX}${file}`;
  if (await env.MEDIA.head(key)) continue;
  const res = await fetch(`${inject("proxyUrl")}/__files/fonts/${file}`);
  if (!res.ok) throw new Error(`test font ${file}: ${res.status}`);
  await env.MEDIA.put(key, await res.arrayBuffer());
}
