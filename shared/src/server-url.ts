import { z } from "zod";

/** GET /api/server-url: what the Google OAuth help page shows (spec §7). */
export const serverUrlSchema = z.object({
  url: z.string(),
  redirectUri: z.string(),
  environment: z.enum(["development", "production"]),
  /** Whether GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set: without them the Google buttons explain instead. */
  googleConfigured: z.boolean().optional(),
});
export type ServerUrl = z.infer<typeof serverUrlSchema>;

export const GOOGLE_CALLBACK_PATH = "/api/auth/google/callback";
