import { messageResponseSchema } from "@verbatim/shared/profile";
import { publicUserSchema } from "@verbatim/shared/user";
import { api, read } from "@/lib/api";

// The e-mailed links' API: each page sends the link's token in a POST body (the link itself changes nothing).

export const verifyEmail = (token: string) => read(api.email.verify.$post({ json: { token } }), messageResponseSchema);

/** "Resend": a new confirmation link to the signed-in user's address. */
export const resendVerification = () => read(api.email.verification.$post(), messageResponseSchema);

export const forgotPassword = (email: string) =>
  read(api.password.forgot.$post({ json: { email } }), messageResponseSchema);

/** Sets the new password and signs in: every other session has ended. */
export const resetPassword = (token: string, password: string) =>
  read(api.password.reset.$post({ json: { token, password } }), publicUserSchema);

export const unsubscribe = (token: string) =>
  read(api.email.unsubscribe.$post({ query: { token } }), messageResponseSchema);
