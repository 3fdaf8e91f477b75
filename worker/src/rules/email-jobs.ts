/**
 * The e-mails the Worker sends, as queue messages (mail/deliver.ts renders and sends each one). A message names
 * the account; the address, the language and whether the user still wants it are read when it is sent.
 */
export type AccountEvent = "new-device" | "password-changed" | "google-connected" | "google-disconnected";

export type EmailJob =
  /** The confirmation link for `email` (the account's address when it was asked for). */
  | { kind: "verify"; userId: string; email: string; link: string }
  /** The reset link, to the account's address. */
  | { kind: "reset"; userId: string; email: string; link: string }
  /** A reset asked for an address no account uses: nothing is sent (the request did the same work). */
  | { kind: "reset-unknown" }
  /** To the old address after a change: the account now uses `newEmail`. Sent whatever the settings say. */
  | { kind: "email-changed-old"; userId: string; oldEmail: string; newEmail: string }
  /** Account activity ("password-changed" is sent whatever the settings say); `detail`: the device or Google account. */
  | { kind: "activity"; userId: string; event: AccountEvent; detail?: string; at: string }
  /** A transcription finished (COMPLETED) or failed (FAILED). */
  | { kind: "transcription"; userId: string; transcriptionId: string }
  /** The server switched a webhook endpoint off after a run of failed deliveries. Sent whatever the settings say. */
  | { kind: "webhook-disabled"; userId: string; endpointId: string }
  /**
   * An invitation into a workspace, to `email` (maybe no account yet), in the inviter's language (`userId`).
   * Sent only while that invitation is still open; `link` holds its token.
   */
  | { kind: "invitation"; userId: string; invitationId: string; email: string; link: string }
  /** A product announcement: only to users who switched "New features" on. */
  | { kind: "feature"; userId: string; announcement: string };

/**
 * Account events sent even with the "Account activity" switch off: they are how a stolen account is noticed (a
 * changed address is told to the old address by "email-changed-old", always sent too).
 */
export const ALWAYS_SENT_EVENTS: ReadonlySet<AccountEvent> = new Set(["password-changed"]);
