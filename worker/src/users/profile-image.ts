import type { ProfileImageType } from "@verbatim/shared";
import { userPrefix } from "../store/keys";

const EXTENSIONS: Record<ProfileImageType, string> = { "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif" };
const CONTENT_TYPES: Record<string, ProfileImageType> = { jpg: "image/jpeg", png: "image/png", gif: "image/gif" };

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/**
 * The image type from the file's own first bytes. The declared type is whatever the browser guessed from the
 * name, so a renamed HTML or SVG file would otherwise be stored and served back as an "image".
 */
export function sniffImageType(head: Uint8Array): ProfileImageType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  // "GIF87a" or "GIF89a"
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61) {
    return "image/gif";
  }
  return null;
}

export const profileImagePrefix = (userId: string) => `${userPrefix(userId)}profile/`;
const PUBLIC_PREFIX = "/api/user/profile-image/";
/** `{uuid}.{ext}`: the only file names the API ever hands out, so anything else is refused before R2 is asked. */
const FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|gif)$/;

export function newProfileImage(userId: string, type: ProfileImageType) {
  const file = `${crypto.randomUUID()}.${EXTENSIONS[type]}`;
  return { key: profileImagePrefix(userId) + file, url: PUBLIC_PREFIX + file };
}

/** The R2 key and type behind a file name of the user's, or null for a name the API never issued. */
export function profileImageKey(userId: string, file: string) {
  const match = FILE_NAME.exec(file);
  if (!match) return null;
  return { key: profileImagePrefix(userId) + file, contentType: CONTENT_TYPES[match[1] as string] as ProfileImageType };
}

/** The R2 key of a stored profile_picture value, when it points at our own storage (not a Google URL). */
export function keyOfProfilePicture(userId: string, profilePicture: string | null) {
  if (!profilePicture?.startsWith(PUBLIC_PREFIX)) return null;
  return profileImageKey(userId, profilePicture.slice(PUBLIC_PREFIX.length))?.key ?? null;
}
