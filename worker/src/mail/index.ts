// The mail area's public entry: e-mail through a provider (SMTP, Cloudflare Email Service), the templates, the
// queue messages and the unsubscribe links. It uses no other area.
export { publishAnnouncements } from "./announcements";
export { deliverEmail, forgetStaleHeldEmails, type Outcome, releaseHeldEmails } from "./deliver";
export type { MailMessage } from "./mime";
export { type MailProvider, mailProvider } from "./providers";
export { linkOrigin, queueEmail } from "./queue";
export { userOfUnsubscribeToken } from "./unsubscribe";
