// The auth-page query codes: the `error` parameter Google sign-in leaves on the auth pages.
const MESSAGES: Record<string, string> = {
  no_matching_account: "No matching account found. Please register first.",
  google_auth_failed: "Google authentication failed. Please try again.",
  missing_email: "Google account is missing an email. Please use another account.",
  google_signup_failed: "Failed to create account with Google. Please try again or register manually.",
  token_exchange_failed: "Failed to exchange Google token. Please try again or check your Google configuration.",
  user_info_failed: "Failed to get Google user info. Please try again or check your Google configuration.",
  invalid_code: "Invalid authorization code from Google. Please try again.",
  // Not in the spec: the Google e-mail belongs to a password account, which Google sign-in never takes over.
  account_exists:
    "An account with this Google e-mail already exists. Sign in with your password, then connect Google in Settings.",
};

export const REDIRECT_URI_MISMATCH = "redirect_uri_mismatch";

export function authErrorMessage(code: string): string {
  return MESSAGES[code] ?? "An error occurred during authentication.";
}
