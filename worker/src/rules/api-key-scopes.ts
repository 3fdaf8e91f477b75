import type { ApiKeyScope } from "@verbatim/shared/api-keys";

// Where an API key may be used, and with which scope: one table for the Bearer check (auth/api-key.ts) and the
// OpenAPI document (http/openapi.ts). Everything else, account routes above all (password, e-mail, sessions,
// billing, Google, voices, the keys themselves), needs a signed-in session.

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Paths a key may use: reading needs `…:read`, changing `…:write`. The OpenAI audio API (/v1/audio) takes a key
 * only, and transcribing is writing: it adds a recording to the library.
 */
const AREAS: { prefix: string; read: ApiKeyScope; write: ApiKeyScope | null }[] = [
  { prefix: "/api/transcriptions", read: "transcriptions:read", write: "transcriptions:write" },
  { prefix: "/api/uploads", read: "transcriptions:write", write: "transcriptions:write" },
  { prefix: "/api/search", read: "transcriptions:read", write: null },
  { prefix: "/api/sync", read: "transcriptions:read", write: null },
  { prefix: "/v1/audio", read: "transcriptions:write", write: "transcriptions:write" },
  // An integration that sets up its own endpoint (a Zap subscribing, a bot) manages webhooks with its key.
  { prefix: "/api/webhooks", read: "webhooks:manage", write: "webhooks:manage" },
];

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The scope a key needs for `method path`, or null where no key may be used. */
export function requiredScope(method: string, path: string): ApiKeyScope | null {
  const area = AREAS.find((a) => under(path, a.prefix));
  if (!area) return null;
  return SAFE.has(method.toUpperCase()) ? area.read : area.write;
}
