import { isPersonalPassword, PASSWORD_COMMON, PASSWORD_PERSONAL } from "@verbatim/shared";
import { ApiError } from "../http/errors";

// The ~49,000 most common passwords of public breach corpora, as zxcvbn-ts ships them (compressed, ~370 KB of
// module, checked offline). Loaded on the first check, not at every Worker start.
let common: Promise<Set<string>> | undefined;
const commonPasswords = () => {
  common ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => new Set(dictionary["passwords-common"]));
  return common;
};

/** Refuses a password on the breach list (compared case-blind, as the list is lower-case). */
export async function assertNotCommonPassword(password: string) {
  if ((await commonPasswords()).has(password.trim().toLowerCase())) throw new ApiError(400, PASSWORD_COMMON);
}

export async function assertAcceptableNewPassword(password: string, user: { username: string; email: string }) {
  if (isPersonalPassword(password, user.username, user.email)) throw new ApiError(400, PASSWORD_PERSONAL);
  await assertNotCommonPassword(password);
}
