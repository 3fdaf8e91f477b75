// One e-mail as RFC 5322 text (what an SMTP server takes after DATA): a multipart/alternative with a plain-text and
// an HTML part, both UTF-8 in base64, so no line is too long and no line starts with a dot.

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post on the optional e-mails. */
  headers?: Record<string, string>;
}

const encoder = new TextEncoder();

function base64(text: string) {
  let binary = "";
  for (const byte of encoder.encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Base64 in lines of 76 characters (RFC 2045). */
const wrapped = (text: string) => base64(text).replace(/.{76}/g, "$&\r\n");

/** A header value with anything beyond ASCII as an RFC 2047 encoded word. */
export function encodeHeader(value: string) {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${base64(value)}?=`;
}

/** The bare address of `Name <addr>` or `addr`. */
export function addressOf(mailbox: string) {
  return (/<([^<>]+)>\s*$/.exec(mailbox)?.[1] ?? mailbox).trim();
}

/** `Name <addr>` with the name encoded when needed. */
function mailboxHeader(mailbox: string) {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>]+)>\s*$/.exec(mailbox);
  return match?.[1] ? `${encodeHeader(match[1])} <${match[2]}>` : addressOf(mailbox);
}

/** Header values never carry a line break (no header injection from a name or a subject). */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ");

export function toMime(message: MailMessage, now = new Date()) {
  const boundary = `verbatim-${crypto.randomUUID()}`;
  const domain = addressOf(message.from).split("@")[1] ?? "localhost";
  const headers: [string, string][] = [
    ["From", mailboxHeader(message.from)],
    ["To", addressOf(message.to)],
    ["Subject", encodeHeader(oneLine(message.subject))],
    ["Date", now.toUTCString().replace("GMT", "+0000")],
    ["Message-ID", `<${crypto.randomUUID()}@${domain}>`],
    ["MIME-Version", "1.0"],
    ...Object.entries(message.headers ?? {}).map(([k, v]): [string, string] => [k, oneLine(v)]),
    ["Content-Type", `multipart/alternative; boundary="${boundary}"`],
  ];
  const part = (type: string, body: string) =>
    [
      `--${boundary}`,
      `Content-Type: ${type}; charset=UTF-8`,
      "Content-Transfer-Encoding: base64",
      "",
      wrapped(body),
    ].join("\r\n");
  return [
    ...headers.map(([k, v]) => `${k}: ${v}`),
    "",
    part("text/plain", message.text),
    part("text/html", message.html),
    `--${boundary}--`,
    "",
  ].join("\r\n");
}
