import { z } from "zod";

// API keys (docs/architecture/api.md#api-keys): a script, a Zap or a meeting bot calls the API with
// `Authorization: Bearer vbt_…` instead of a session cookie, within the key's scopes.

/** Every key starts with it, so secret scanners can find a leaked one. */
export const API_KEY_PREFIX = "vbt_";

/** What a key may do. Each covers a set of routes (the Worker's rules/api-key-scopes.ts). */
export const API_KEY_SCOPES = ["transcriptions:read", "transcriptions:write", "webhooks:manage"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The lifetimes a new key may have, in days; null = until revoked. */
export const API_KEY_LIFETIMES = [7, 30, 90, 365] as const;

export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The key's first characters, to tell keys apart (the rest is never shown again). */
    prefix: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: "ApiKey" });
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, "Give the key a name").max(80),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, "Choose at least one scope")
    .refine((s) => new Set(s).size === s.length, "A scope is listed twice"),
  expiresInDays: z.literal(API_KEY_LIFETIMES).nullable().default(null),
});
export type CreateApiKey = z.input<typeof createApiKeySchema>;
/** A create request as validated: the lifetime's default filled in. */
export type NewApiKey = z.output<typeof createApiKeySchema>;

/** The answer to creating a key: the only time the whole key is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
