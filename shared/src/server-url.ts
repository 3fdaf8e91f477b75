import { z } from "zod";

/** GET /api/server-url: what the Google OAuth help page shows (spec §7). */
export const serverUrlSchema = z.object({
  url: z.string(),
  redirectUri: z.string(),
  environment: z.enum(["development", "production"]),
});
export type ServerUrl = z.infer<typeof serverUrlSchema>;

export const GOOGLE_CALLBACK_PATH = "/api/auth/google/callback";
