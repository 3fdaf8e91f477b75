import { Hono } from "hono";
import type { AppEnv } from "../env";
import { notFound } from "../http/errors";
import { doc, file } from "../http/openapi";

// ffmpeg.wasm's core (≈31 MiB) is over the 25 MiB Workers asset limit, so it is kept in R2 and served here.
const FILES: Record<string, string> = {
  "ffmpeg-core.js": "text/javascript",
  "ffmpeg-core.wasm": "application/wasm",
};

const described = doc({
  summary: "ffmpeg.wasm's core, for converting recordings in the browser",
  tag: "meta",
  auth: false,
  responses: { 200: file("ffmpeg-core.js or ffmpeg-core.wasm", ["text/javascript", "application/wasm"]) },
  errors: [404],
});

/** /api/ffmpeg, public: the browser fetches it before converting a recording to upload. */
export const ffmpegCoreRoutes = new Hono<AppEnv>().get("/:file", described, async (c) => {
  const file = c.req.param("file");
  const type = FILES[file];
  if (!type) throw notFound("No such file");
  const obj = await c.env.MEDIA.get(`assets/ffmpeg/${file}`);
  if (!obj) throw notFound("The audio converter is not installed on this server");
  return new Response(obj.body, {
    headers: {
      "Content-Type": type,
      "Content-Length": String(obj.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: obj.httpEtag,
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
});
