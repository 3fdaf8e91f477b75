import { z } from "zod";

/** The user as the API returns it: never the password hash or any token. */
export const publicUserSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    /** Whether the address was confirmed (its link opened, or Google vouched for it). Older servers leave it out. */
    email_verified: z.boolean().optional(),
    full_name: z.string().nullable(),
    profile_picture: z.string().nullable(),
    company: z.string().nullable(),
    job_title: z.string().nullable(),
    bio: z.string().nullable(),
    subscription_plan: z.enum(["FREE", "PRO"]),
    subscription_status: z.string(),
    subscription_end_date: z.string().nullable(),
    google_connected: z.boolean(),
    google_profile_email: z.string().nullable(),
    google_profile_name: z.string().nullable(),
    google_profile_picture: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "PublicUser" });
export type PublicUser = z.infer<typeof publicUserSchema>;

/**
 * GET /api/session, public: the signed-in user, or null without a session. Always 200, so a visitor's page asks
 * who is signed in without a failed request (GET /api/user answers 401 then).
 */
export const sessionSchema = z.object({ user: publicUserSchema.nullable() });
export type Session = z.infer<typeof sessionSchema>;
