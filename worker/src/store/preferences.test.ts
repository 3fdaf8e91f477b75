import { env } from "cloudflare:test";
import { apiErrorSchema, DEFAULT_PREFERENCES, preferencesSchema, validationErrorSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, readJson, signUp } from "../../test/http";
import { createDb } from "../db/client";
import { getPreferences } from "./preferences";

const put = (cookie: string, json: unknown) => api("/api/user/preferences", { method: "PUT", cookie, json });

describe("preferences", () => {
  it("starts from the spec's defaults", async () => {
    const { cookie } = await signUp();
    const res = await api("/api/user/preferences", { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      general: {
        theme: "system",
        language: "en",
        speakerRecognition: false,
        speakerCount: null,
        autoSave: true,
        analytics: true,
      },
      timezone: { timezone: "Europe/Stockholm", dateFormat: "MM/DD/YYYY", timeFormat: "24h", autoDetect: true },
      notifications: {
        emailTranscriptionComplete: true,
        emailNewFeatures: false,
        emailAccountActivity: true,
        browserNotifications: true,
      },
      ai: {
        defaultModel: "openai",
        preferredLanguage: "English",
        topicDetection: true,
        actionItemsExtraction: true,
        summaryGeneration: true,
        speakerIdentification: true,
      },
    });
  });

  it("saves a partial update, keeps the rest, and answers the full object", async () => {
    const { cookie } = await signUp();
    const first = await put(cookie, { general: { theme: "dark" }, ai: { defaultModel: "anthropic" } });
    expect(first.status).toBe(200);
    const afterFirst = await readJson(first, preferencesSchema);
    expect(afterFirst.general).toEqual({ ...DEFAULT_PREFERENCES.general, theme: "dark" });
    expect(afterFirst.ai.defaultModel).toBe("anthropic");

    // A second save of another section must not undo the first (the merge happens in the database).
    await put(cookie, {
      timezone: { timezone: "Asia/Tokyo", timeFormat: "12h" },
      notifications: { emailNewFeatures: true },
    });
    const saved = await readJson(await api("/api/user/preferences", { cookie }), preferencesSchema);
    expect(saved).toEqual({
      general: { ...DEFAULT_PREFERENCES.general, theme: "dark" },
      timezone: { ...DEFAULT_PREFERENCES.timezone, timezone: "Asia/Tokyo", timeFormat: "12h" },
      notifications: { ...DEFAULT_PREFERENCES.notifications, emailNewFeatures: true },
      ai: { ...DEFAULT_PREFERENCES.ai, defaultModel: "anthropic" },
    });
  });

  it("keeps preferences apart per user", async () => {
    const a = await signUp();
    const b = await signUp();
    await put(a.cookie, { general: { language: "de" } });
    const other = await readJson(await api("/api/user/preferences", { cookie: b.cookie }), preferencesSchema);
    expect(other.general.language).toBe("en");
  });

  it("accepts any IANA zone as picked, fixing only its letter case", async () => {
    const { cookie } = await signUp();
    const zoneOf = async (timezone: string) => {
      const res = await put(cookie, { timezone: { timezone } });
      expect(res.status).toBe(200);
      return (await readJson(res, preferencesSchema)).timezone.timezone;
    };
    expect(await zoneOf("america/los_angeles")).toBe("America/Los_Angeles");
    expect(await zoneOf("Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(await zoneOf("America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
  });

  it.each([
    [{ general: { theme: "sepia" } }, "general.theme"],
    [{ general: { language: "sv" } }, "general.language"],
    [{ general: { autoSave: "yes" } }, "general.autoSave"],
    [{ timezone: { timezone: "Mars/Olympus_Mons" } }, "timezone.timezone"],
    [{ timezone: { dateFormat: "DD.MM.YYYY" } }, "timezone.dateFormat"],
    [{ timezone: { timeFormat: "13h" } }, "timezone.timeFormat"],
    [{ ai: { defaultModel: "llama" } }, "ai.defaultModel"],
    [{ ai: { preferredLanguage: "Klingon" } }, "ai.preferredLanguage"],
    [{ notifications: { emailNewFeatures: 1 } }, "notifications.emailNewFeatures"],
    [{ notifications: { smsAlerts: true } }, "notifications"],
    [{ billing: {} }, ""],
  ])("refuses %j with 400 naming the field", async (body, field) => {
    const { cookie } = await signUp();
    const res = await put(cookie, body);
    expect(res.status).toBe(400);
    const json = await readJson(res, validationErrorSchema);
    expect(json.errors[0]?.field).toBe(field || "body");
    // Nothing was saved.
    expect(await (await api("/api/user/preferences", { cookie })).json()).toEqual(DEFAULT_PREFERENCES);
  });

  it("the time-zone error says what is wrong", async () => {
    const { cookie } = await signUp();
    const res = await put(cookie, { timezone: { timezone: "Nowhere/City" } });
    expect((await readJson(res, apiErrorSchema)).message).toBe("Unknown time zone");
  });

  it("needs a session", async () => {
    expect((await api("/api/user/preferences")).status).toBe(401);
    expect((await api("/api/user/preferences", { method: "PUT", json: { general: { theme: "dark" } } })).status).toBe(
      401,
    );
  });

  it("getPreferences gives server code the saved AI settings, ignoring stale stored values", async () => {
    const { user, cookie } = await signUp();
    await put(cookie, { ai: { preferredLanguage: "Swedish", topicDetection: false } });
    const db = createDb(env.DB);
    expect((await getPreferences(db, user.id)).ai).toMatchObject({
      preferredLanguage: "Swedish",
      topicDetection: false,
    });

    // A value an older release allowed (or a hand-edited row) falls back to its default instead of failing.
    await env.DB.prepare("UPDATE user_preferences SET data = ? WHERE user_id = ?")
      .bind(JSON.stringify({ ai: { defaultModel: "gpt-3", summaryGeneration: false }, general: "oops" }), user.id)
      .run();
    const prefs = await getPreferences(db, user.id);
    expect(prefs.ai).toEqual({ ...DEFAULT_PREFERENCES.ai, summaryGeneration: false });
    expect(prefs.general).toEqual(DEFAULT_PREFERENCES.general);
  });
});
