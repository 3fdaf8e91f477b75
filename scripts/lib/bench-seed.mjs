// What the benchmarks need to seed a signed-in user (with transcripts, or on the PRO plan).
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { root } from "./env.mjs";

const clock = (s) => `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(Math.floor(s % 60)).padStart(2, "0")}`;

/** The stored doc and the D1 `[mm:ss] …` text for timed segments, as the Worker writes them. */
export function transcriptOf(segments, duration) {
  const text = segments.map((s) => `[${clock(s.start)}] ${s.text}`).join("\n");
  return { doc: { language: "en", duration, segments }, text };
}

/** A new account on the running app: its id and session cookie. */
export async function register(base, prefix) {
  const name = `${prefix}${Date.now()}`;
  const res = await fetch(`${base}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: name, email: `${name}@example.com`, password: "bench horse battery" }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("verbatim_session="))
    ?.split(";")[0];
  return { id: (await res.json()).id, cookie };
}

/**
 * Puts the account on the PRO plan in the app's local D1 (`--persist-to` dir), as a paid checkout would, so a
 * benchmark of a long recording is not refused by the Free plan's 5-minute limit.
 */
export async function upgradeToPro(persistTo, userId) {
  const { env, dispose } = await getPlatformProxy({
    configPath: `${root}wrangler.toml`,
    persist: { path: join(persistTo, "v3") },
    remoteBindings: false,
  });
  try {
    await env.DB.prepare("UPDATE users SET subscription_plan = 'PRO' WHERE id = ?").bind(userId).run();
  } finally {
    await dispose();
  }
}
