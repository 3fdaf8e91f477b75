import { z } from "zod";
import { EMAIL_INVALID, newPasswordSchema } from "./auth";

// E-mail: verified addresses, the forgotten password, and unsubscribing from the optional e-mails
// (docs/architecture/email.md). The token in a link is never a session: each route below takes it in the body.

/** A link's token: 32 random bytes, base64url (43 characters). */
const linkTokenSchema = z.string().trim().min(20).max(128);

export const EMAIL_LINK_INVALID = "This link is invalid or has expired. Ask for a new one.";
export const FORGOT_PASSWORD_SENT =
  "If an account uses this address, we've sent it a link to reset the password. Check your inbox.";
export const VERIFICATION_SENT = "We've sent a confirmation link. Check your inbox.";
export const EMAIL_VERIFIED = "Your e-mail address is confirmed.";
export const ALREADY_VERIFIED = "Your e-mail address is already confirmed.";
export const UNSUBSCRIBED = "You will get no more e-mails about new features.";

/** POST /api/email/verify: the token from the confirmation link. */
export const verifyEmailSchema = z.object({ token: linkTokenSchema });
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

/** POST /api/password/forgot: the address to send a reset link to. */
export const forgotPasswordSchema = z.object({
  email: z.string({ error: EMAIL_INVALID }).trim().max(255).pipe(z.email(EMAIL_INVALID)),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** POST /api/password/reset: the token from the reset link and the new password. */
export const resetPasswordSchema = z.object({ token: linkTokenSchema, password: newPasswordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The reset page's form also asks for a confirmation, which is never sent. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });

/** POST /api/email/unsubscribe?token=…: RFC 8058's one-click body, or nothing (the unsubscribe page). */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(10).max(512) });
