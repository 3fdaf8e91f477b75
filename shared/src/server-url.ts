import { z } from "zod";

/** GET /api/server-url: what the Google OAuth help page shows. */
export const serverUrlSchema = z.object({
  url: z.string(),
  redirectUri: z.string(),
  environment: z.enum(["development", "production"]),
  /** Whether GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set: without them the Google buttons explain instead. */
  googleConfigured: z.boolean().optional(),
});
export type ServerUrl = z.infer<typeof serverUrlSchema>;

export const GOOGLE_CALLBACK_PATH = "/api/auth/google/callback";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * What a deployment reached at `address` is: the Worker answers it for the request's address, and the web app
 * derives the same from its own when the API cannot answer.
 */
export function deploymentAt(address: { origin: string; hostname: string }): ServerUrl {
  return {
    url: address.origin,
    redirectUri: `${address.origin}${GOOGLE_CALLBACK_PATH}`,
    environment: LOOPBACK.has(address.hostname) ? "development" : "production",
  };
}
