import type { PublicUser } from "@verbatim/shared/user";
import { translate } from "@/lib/i18n";

type NamedUser = Pick<PublicUser, "full_name" | "email">;

function emailWords(email: string): string[] {
  const local = email.split("@")[0] ?? "";
  return local.split(".").filter(Boolean);
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The display name: full_name; else the e-mail's local part split on dots, capitalised per word; else 'User' (translated). */
export function displayName(user: NamedUser): string {
  const fullName = user.full_name?.trim();
  if (fullName) return fullName;
  const words = emailWords(user.email);
  return words.length > 0 ? words.map(capitalise).join(" ") : translate("common.user");
}

function initialsOf(words: string[]): string {
  const [first, second] = words;
  if (!first) return "";
  return (second ? first.charAt(0) + second.charAt(0) : first.slice(0, 2)).toUpperCase();
}

/**
 * The first letters of the first two words of full_name, or the first two letters of a single word;
 * without a full name the same rule on the e-mail's local part split on dots; else 'U'.
 */
export function initials(user: NamedUser): string {
  const fullName = user.full_name?.trim();
  if (fullName) return initialsOf(fullName.split(/\s+/)) || "U";
  return initialsOf(emailWords(user.email)) || "U";
}

/** The avatar: profile_picture with a cache-busting timestamp; else the Google picture; else none (initials). */
export function avatarUrl(
  user: Pick<PublicUser, "profile_picture" | "google_profile_picture">,
  version: number,
): string | null {
  if (user.profile_picture) {
    const separator = user.profile_picture.includes("?") ? "&" : "?";
    return `${user.profile_picture}${separator}t=${version}`;
  }
  return user.google_profile_picture || null;
}
