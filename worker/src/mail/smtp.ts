import { connect } from "cloudflare:sockets";
import { addressOf, type MailMessage, toMime } from "./mime";

// A small SMTP client (RFC 5321) on the Workers TCP sockets: implicit TLS (port 465), STARTTLS (587) or plain (a
// local server such as Mailpit), AUTH PLAIN when a user is set. One connection per e-mail: the queue sends one at a
// time and retries a failure as a whole.

export interface SmtpSettings {
  host: string;
  port: number;
  security: "off" | "tls" | "starttls";
  user?: string;
  password?: string;
  /** The name given in EHLO. */
  helo: string;
  timeoutMs?: number;
}

export class SmtpError extends Error {}

interface Reply {
  code: number;
  lines: string[];
}

/** Reads replies line by line from a socket's readable side. */
class ReplyReader {
  private buffer = "";
  private readonly decoder = new TextDecoder();
  constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly timeoutMs: number,
  ) {}

  private async line(): Promise<string> {
    for (;;) {
      const end = this.buffer.indexOf("\r\n");
      if (end >= 0) {
        const line = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        return line;
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new SmtpError("the SMTP server did not answer in time")), this.timeoutMs);
      });
      const { value, done } = await Promise.race([this.reader.read(), timeout]).finally(() => clearTimeout(timer));
      if (done) throw new SmtpError("the SMTP server closed the connection");
      this.buffer += this.decoder.decode(value, { stream: true });
    }
  }

  /** One reply: lines "250-…" continue it, "250 …" ends it. */
  async reply(): Promise<Reply> {
    const lines: string[] = [];
    for (;;) {
      const line = await this.line();
      lines.push(line);
      if (!/^\d{3}-/.test(line)) return { code: Number(line.slice(0, 3)), lines };
    }
  }

  release() {
    this.reader.releaseLock();
  }
}

class Conversation {
  private readonly writer: WritableStreamDefaultWriter<Uint8Array>;
  private readonly replies: ReplyReader;
  private readonly encoder = new TextEncoder();
  constructor(socket: Socket, timeoutMs: number) {
    this.writer = socket.writable.getWriter();
    this.replies = new ReplyReader(socket.readable.getReader(), timeoutMs);
  }

  async expect(codes: number[], what: string) {
    const reply = await this.replies.reply();
    if (!codes.includes(reply.code)) throw new SmtpError(`${what}: ${reply.lines.join(" ")}`);
    return reply;
  }

  async command(line: string, codes: number[], what = line.split(" ")[0] ?? line) {
    await this.writer.write(this.encoder.encode(`${line}\r\n`));
    return this.expect(codes, what);
  }

  release() {
    this.writer.releaseLock();
    this.replies.release();
  }
}

/** Lines that start with a dot get a second one (RFC 5321 4.5.2); the data ends with <CRLF>.<CRLF>. */
const dotStuffed = (data: string) => data.replace(/\r\n/g, "\n").replace(/\n/g, "\r\n").replace(/^\./gm, "..");

function base64(text: string) {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function sendSmtp(settings: SmtpSettings, message: MailMessage) {
  const timeoutMs = settings.timeoutMs ?? 30_000;
  let socket = connect(
    { hostname: settings.host, port: settings.port },
    {
      secureTransport: settings.security === "tls" ? "on" : settings.security === "starttls" ? "starttls" : "off",
      allowHalfOpen: false,
    },
  );
  let talk = new Conversation(socket, timeoutMs);
  try {
    await talk.expect([220], "greeting");
    let ehlo = await talk.command(`EHLO ${settings.helo}`, [250]);
    if (settings.security === "starttls") {
      if (!ehlo.lines.some((l) => /^250[- ]STARTTLS/i.test(l))) throw new SmtpError("the server offers no STARTTLS");
      await talk.command("STARTTLS", [220]);
      talk.release();
      socket = socket.startTls();
      talk = new Conversation(socket, timeoutMs);
      ehlo = await talk.command(`EHLO ${settings.helo}`, [250]);
    }
    if (settings.user) {
      const plain = base64(`\0${settings.user}\0${settings.password ?? ""}`);
      await talk.command(`AUTH PLAIN ${plain}`, [235], "AUTH");
    }
    await talk.command(`MAIL FROM:<${addressOf(message.from)}>`, [250]);
    await talk.command(`RCPT TO:<${addressOf(message.to)}>`, [250, 251]);
    await talk.command("DATA", [354]);
    await talk.command(`${dotStuffed(toMime(message)).replace(/\r\n$/, "")}\r\n.`, [250], "message");
    await talk.command("QUIT", [221]).catch(() => {});
  } finally {
    await socket.close().catch(() => {});
  }
}
