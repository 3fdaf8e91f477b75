import { vi } from "vitest";

/** The app's Mailpit (the test command starts one beside the app and passes its API's address; default: the start command's). */
const MAILPIT_URL = (process.env.E2E_MAILPIT_URL || "http://127.0.0.1:8025").replace(/\/$/, "");

interface Summary {
  ID: string;
  Subject: string;
  To: { Address: string }[];
}

/**
 * Waits for an e-mail to `address` whose subject matches (the app sends from its queue, a moment after the request),
 * and returns the first link in its plain-text part whose path starts with `path`.
 */
export async function linkFromMail(address: string, subject: RegExp, path: string) {
  const summary = await vi.waitFor(
    async () => {
      const query = encodeURIComponent(`to:"${address}"`);
      const res = await fetch(`${MAILPIT_URL}/api/v1/search?query=${query}`);
      const { messages } = (await res.json()) as { messages: Summary[] };
      const found = messages.find(
        (m) => subject.test(m.Subject) && m.To.some((t) => t.Address.toLowerCase() === address.toLowerCase()),
      );
      if (!found) throw new Error(`no e-mail to ${address} matching ${subject} yet`);
      return found;
    },
    { timeout: 30_000, interval: 250 },
  );
  const message = (await (await fetch(`${MAILPIT_URL}/api/v1/message/${summary.ID}`)).json()) as { Text: string };
  const link = new RegExp(`https?://\\S+${path}\\S*`).exec(message.Text)?.[0];
  if (!link) throw new Error(`no ${path} link in the e-mail to ${address}:\n${message.Text}`);
  return new URL(link);
}
