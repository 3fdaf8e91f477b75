import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, sessionCookie, signUp, uniqueIp } from "../../test/http";
import worker from "../index";
import { hashToken } from "../rules/secret-token";

const sessionCount = async (userId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(userId).first<{ n: number }>())?.n;

describe("sessions", () => {
  it("expired ones are deleted by the hourly cron; live ones stay and still sign in", async () => {
    const gone = await signUp();
    const kept = await signUp();
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1000, gone.user.id)
      .run();

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "17 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect(await sessionCount(gone.user.id)).toBe(0);
    expect(await sessionCount(kept.user.id)).toBe(1);
    expect((await api("/api/user", { cookie: kept.cookie })).status).toBe(200);
  });

  it("tokens are URL-safe base64 without padding and stored only as their SHA-256 in lower-case hex", async () => {
    const { user, cookie } = await signUp();
    const token = cookie.slice("verbatim_session=".length);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await env.DB.prepare("SELECT id FROM sessions WHERE user_id = ?").bind(user.id).first<{ id: string }>();
    expect(row?.id).toBe(hashToken(token));
    // The same digest as before the move off oslo (FIPS 180-2 test vector), so sessions made then stay valid.
    expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("a password hash stored by an earlier version still signs in", async () => {
    const id = crypto.randomUUID();
    // scrypt$N$r$p$salt$hash of "correct horse battery", as hashPassword wrote it (salt "0123456789abcdef").
    const stored = "scrypt$16384$8$5$MDEyMzQ1Njc4OWFiY2RlZg==$bSrJtjr5gxJ4edRXU+74HIKlliptv15fyW3CD02sNkw=";
    await env.DB.prepare("INSERT INTO users (id, username, username_key, email, password) VALUES (?, ?, ?, ?, ?)")
      .bind(id, "oldtimer", "oldtimer", "oldtimer@example.com", stored)
      .run();
    const login = (password: string) =>
      api("/api/login", {
        method: "POST",
        json: { username: "oldtimer", password },
        headers: { "CF-Connecting-IP": uniqueIp() },
      });
    const ok = await login("correct horse battery");
    expect(ok.status).toBe(200);
    expect(await sessionCount(id)).toBe(1);
    expect(sessionCookie(ok)).toMatch(/^verbatim_session=/);
    expect((await login("correct horse")).status).toBe(401);
  });
});
