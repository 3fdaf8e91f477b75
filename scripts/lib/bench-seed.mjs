// What bench:api and bench:offline both need to seed a signed-in user with transcripts.

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
