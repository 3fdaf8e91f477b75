import { inject } from "vitest";

// What the Worker sent, read from this run's Mailpit (started by test/global-setup.ts) through its HTTP API:
// GET /api/v1/search, /api/v1/message/{ID} and /api/v1/message/{ID}/headers.

interface Address {
  Name: string;
  Address: string;
}
interface Summary {
  ID: string;
  Subject: string;
  To: Address[];
  Created: string;
}
export interface Mail {
  ID: string;
  From: Address;
  To: Address[];
  Subject: string;
  Text: string;
  HTML: string;
  /** Every header, by name, each with its values. */
  headers: Record<string, string[]>;
}

const base = () => inject("mailpitUrl");

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${base()}${path}`);
  if (!res.ok) throw new Error(`Mailpit ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The messages sent to `address`, newest first (summaries). */
export async function mailsTo(address: string) {
  const query = encodeURIComponent(`to:"${address}"`);
  const { messages } = await getJson<{ messages: Summary[] }>(`/api/v1/search?query=${query}&limit=200`);
  // Search matches parts of addresses; only this exact one counts.
  return messages.filter((m) => m.To.some((t) => t.Address.toLowerCase() === address.toLowerCase()));
}

export async function readMail(id: string): Promise<Mail> {
  const [message, headers] = await Promise.all([
    getJson<Omit<Mail, "headers">>(`/api/v1/message/${id}`),
    getJson<Record<string, string[]>>(`/api/v1/message/${id}/headers`),
  ]);
  return { ...message, headers };
}

/**
 * Waits until `address` has received `count` messages whose subject matches (the queue sends them a moment after
 * the request), and returns the newest, whole.
 */
export async function waitForMail(address: string, { subject, count = 1 }: { subject?: RegExp; count?: number } = {}) {
  const until = Date.now() + 30_000;
  for (;;) {
    const found = (await mailsTo(address)).filter((m) => !subject || subject.test(m.Subject));
    if (found.length >= count && found[0]) return readMail(found[0].ID);
    if (Date.now() > until)
      throw new Error(`no ${count} e-mail(s) to ${address}${subject ? ` matching ${subject}` : ""} within 30 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first link in the plain-text part whose path starts with `path` (e.g. /verify-email). */
export function linkIn(mail: Mail, path: string) {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, "\\$&")}[^\\s]*`).exec(mail.Text);
  if (!match) throw new Error(`no ${path} link in:\n${mail.Text}`);
  return new URL(match[0]);
}
