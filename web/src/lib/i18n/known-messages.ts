import * as auth from "@verbatim/shared/auth";
import { EMAIL_LINK_INVALID } from "@verbatim/shared/email";
import { TIMEZONE_INVALID } from "@verbatim/shared/preferences";
import * as profile from "@verbatim/shared/profile";
import { SPEAKER_COUNT } from "@verbatim/shared/speakers";
import * as upload from "@verbatim/shared/upload";
import { WORKSPACE_NAME_MAX_CHARS } from "@verbatim/shared/workspaces";
import { INVALID_RESPONSE, NETWORK_ERROR, UPLOAD_ABORTED, UPLOAD_FAILED_STATUS } from "@/lib/xhr";
import type { Messages } from "./store";
import { translate } from "./store";

type ValidationKey = keyof Messages["validation"];

/**
 * The shared package's rules (@verbatim/shared) carry English messages, which the API sends and the forms show.
 * The web shows each in the active language: this is the message key for every one of them a screen can show.
 */
const SHARED: Record<string, ValidationKey> = {
  [auth.USERNAME_MIN]: "usernameMin",
  [auth.PASSWORD_MIN]: "passwordMin",
  [auth.EMAIL_INVALID]: "emailInvalid",
  [auth.USERNAME_EMAIL]: "usernameEmail",
  [auth.USERNAME_CHARS]: "usernameChars",
  [auth.USERNAME_LONG]: "usernameLong",
  [auth.PASSWORD_BLANK]: "passwordBlank",
  [auth.PASSWORD_PERSONAL]: "passwordPersonal",
  [auth.PASSWORD_COMMON]: "passwordCommon",
  "Passwords don't match": "passwordsDontMatch",
  "Current password is required": "currentPasswordRequired",
  [profile.NAME_MIN]: "nameMin",
  [profile.PROFILE_EMAIL_INVALID]: "profileEmailInvalid",
  [profile.PROFILE_IMAGE_TYPE_TITLE]: "imageTypeTitle",
  [profile.PROFILE_IMAGE_TYPE_MESSAGE]: "imageTypeMessage",
  [profile.PROFILE_IMAGE_SIZE_TITLE]: "imageSizeTitle",
  [profile.PROFILE_IMAGE_SIZE_MESSAGE]: "imageSizeMessage",
  [profile.PROFILE_IMAGE_EMPTY_MESSAGE]: "imageEmptyMessage",
  [profile.CURRENT_PASSWORD_INCORRECT]: "currentPasswordIncorrect",
  [profile.DELETE_CONFIRM_MISMATCH]: "deleteConfirmMismatch",
  [upload.FILE_EMPTY]: "fileEmpty",
  [upload.FILE_TOO_LARGE]: "fileTooLarge",
  "File size must be less than 5GB": "fileTooLargeResumable",
  [upload.FILE_UNSUPPORTED]: "fileUnsupported",
  [upload.LANGUAGE_UNKNOWN]: "languageUnknown",
  [upload.SPEAKER_COUNT_INVALID]: "speakerCountInvalid",
  [TIMEZONE_INVALID]: "timezoneInvalid",
  [EMAIL_LINK_INVALID]: "emailLinkInvalid",
  "Give the workspace a name": "workspaceNameRequired",
  // i18n-ignore: the shared rule's English words, matched to find their translation.
  [`A workspace name has at most ${WORKSPACE_NAME_MAX_CHARS} characters`]: "workspaceNameLong",
  "Choose admin, member or viewer": "roleInvalid",
  "Choose the member who becomes the owner": "transferTargetRequired",
  "Choose where to move it": "moveTargetRequired",
  [INVALID_RESPONSE]: "invalidResponse",
  [NETWORK_ERROR]: "networkError",
  [UPLOAD_ABORTED]: "uploadAborted",
};

const PREFIX = "validation.";
/** The figures some of the messages name. */
const VALUES = {
  usernameMax: auth.USERNAME_MAX,
  speakerMin: SPEAKER_COUNT.min,
  speakerMax: SPEAKER_COUNT.max,
  workspaceNameMax: WORKSPACE_NAME_MAX_CHARS,
};

/**
 * A message in the active language: a shared rule's English message, or a `validation.<key>` that the web's own
 * form rules use as their message; anything else (a server's own words) is returned as it is.
 */
export function localizeMessage(message: string): string {
  if (message.startsWith(UPLOAD_FAILED_STATUS)) {
    return translate("validation.uploadFailedStatus", { status: message.slice(UPLOAD_FAILED_STATUS.length) });
  }
  const key = SHARED[message] ?? (message.startsWith(PREFIX) ? message.slice(PREFIX.length) : null);
  return key && translate.has(`validation.${key}` as `validation.${ValidationKey}`)
    ? translate(`validation.${key}` as `validation.${ValidationKey}`, VALUES)
    : message;
}
