import { z } from "zod";
import { publicUserSchema } from "./user";

// Profile and account settings: the Profile and Account tabs, the profile form and the profile picture.

export const NAME_MIN = "Name must be at least 2 characters";
export const PROFILE_EMAIL_INVALID = "Invalid email address";

/** Blank company / job title arrive as "" and are stored as absent. */
const optionalText = z.string().trim().max(255).optional().default("");

export const profileUpdateSchema = z.object({
  full_name: z.string({ error: NAME_MIN }).trim().min(2, NAME_MIN).max(255),
  email: z.string({ error: PROFILE_EMAIL_INVALID }).trim().max(255).pipe(z.email(PROFILE_EMAIL_INVALID)),
  company: optionalText,
  job_title: optionalText,
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const profileUpdateResponseSchema = z.object({ message: z.string(), user: publicUserSchema });
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif"] as const;
export type ProfileImageType = (typeof PROFILE_IMAGE_TYPES)[number];
export const PROFILE_IMAGE_TYPE_TITLE = "Invalid File Type";
export const PROFILE_IMAGE_TYPE_MESSAGE = "Please upload a JPG, PNG, or GIF image.";
export const PROFILE_IMAGE_SIZE_TITLE = "File Too Large";
export const PROFILE_IMAGE_SIZE_MESSAGE = "Image must be less than 5MB.";
export const PROFILE_IMAGE_EMPTY_MESSAGE = "Please choose a non-empty image.";

/** The browser's first check (the API checks again, including the file's real bytes). */
export function profileImageProblem(file: { size: number; type: string }) {
  if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return { title: PROFILE_IMAGE_TYPE_TITLE, message: PROFILE_IMAGE_TYPE_MESSAGE };
  }
  if (file.size > PROFILE_IMAGE_MAX_BYTES)
    return { title: PROFILE_IMAGE_SIZE_TITLE, message: PROFILE_IMAGE_SIZE_MESSAGE };
  if (file.size === 0) return { title: PROFILE_IMAGE_TYPE_TITLE, message: PROFILE_IMAGE_EMPTY_MESSAGE };
  return null;
}

/** POST /api/user/profile/upload-image: a multipart form with the image. */
export const profileImageFormSchema = z.object({ file: z.file().describe("A JPG, PNG or GIF image, at most 5 MB") });

export const profileImageResponseSchema = z.object({ profilePictureUrl: z.string(), user: publicUserSchema });
export type ProfileImageResponse = z.infer<typeof profileImageResponseSchema>;

export const CURRENT_PASSWORD_INCORRECT = "Current password is incorrect";

export const DELETE_CONFIRM_MISMATCH = "Type your username exactly to confirm";
/** DELETE /api/user: the username, typed by hand, so an account is never deleted by a stray click. */
export const deleteAccountSchema = z.object({ confirm: z.string({ error: DELETE_CONFIRM_MISMATCH }).max(255) });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** Every settings action that only reports back answers this. */
export const messageResponseSchema = z.object({ message: z.string() });
