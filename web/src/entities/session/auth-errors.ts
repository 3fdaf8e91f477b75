import { translate } from "@/lib/i18n";

// The auth-page query codes: the `error` parameter Google sign-in leaves on the auth pages. Their messages are
// under auth.errors; account_exists is not in the spec: the Google e-mail belongs to a password account, which
// Google sign-in never takes over.
const CODES = [
  "no_matching_account",
  "google_auth_failed",
  "missing_email",
  "google_signup_failed",
  "token_exchange_failed",
  "user_info_failed",
  "invalid_code",
  "account_exists",
] as const;
const isCode = (code: string): code is (typeof CODES)[number] => (CODES as readonly string[]).includes(code);

export const REDIRECT_URI_MISMATCH = "redirect_uri_mismatch";

export function authErrorMessage(code: string): string {
  return isCode(code) ? translate(`auth.errors.${code}`) : translate("auth.errors.unknown");
}
