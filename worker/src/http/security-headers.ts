import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";

/**
 * The app's Content-Security-Policy. Scripts come only from the app's origin (no inline script: index.html
 * loads its theme snippet from /theme.js). ffmpeg.wasm needs 'wasm-unsafe-eval' to compile its core, which
 * the Worker serves from /api/ffmpeg/ (same origin), and runs in a same-origin module worker. Blob URLs are
 * the photo preview and downloads; Google profile photos come from googleusercontent.com.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: https://*.googleusercontent.com",
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const HEADERS: Record<string, string> = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  // The app records nothing itself (it uploads files), so every powerful feature is off.
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** Two years, as the HSTS preload list asks; only sent over https (RFC 6797 §7.2). */
const HSTS = "max-age=63072000; includeSubDomains";

/**
 * Sets the security headers on every response the Worker returns: the API's, the static app's (the Worker
 * runs first for every path) and the SPA fallback. A header a route set itself (the media's sandbox CSP) wins.
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  // Responses passed through from ASSETS.fetch have immutable headers: copy them into a new Response.
  const res = new Response(c.res.body, c.res);
  for (const [name, value] of Object.entries(HEADERS)) if (!res.headers.has(name)) res.headers.set(name, value);
  if (new URL(c.req.url).protocol === "https:") res.headers.set("Strict-Transport-Security", HSTS);
  c.res = undefined;
  c.res = res;
};
