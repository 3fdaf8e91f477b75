import type { PublicUser } from "@verbatim/shared";
import type { UserRow } from "../db/schema";

/** The only way a user leaves the API: an allow-list, so new secret columns never leak by default. */
export function toPublicUser(u: UserRow): PublicUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    email_verified: u.emailVerifiedAt !== null,
    full_name: u.fullName,
    profile_picture: u.profilePicture,
    company: u.company,
    job_title: u.jobTitle,
    bio: u.bio,
    subscription_plan: u.subscriptionPlan,
    subscription_status: u.subscriptionStatus,
    subscription_end_date: u.subscriptionEndDate,
    google_connected: u.googleConnected,
    google_profile_email: u.googleProfileEmail,
    google_profile_name: u.googleProfileName,
    google_profile_picture: u.googleProfilePicture,
    created_at: u.createdAt,
  };
}
