import { describe, expect, it } from "vitest";
import type { AccountEvent } from "../rules/email-jobs";
import {
  ANNOUNCEMENTS,
  activityEmail,
  confirmationEmail,
  emailChangedEmail,
  featureEmail,
  type Language,
  type Recipient,
  type Rendered,
  resetEmail,
  transcriptionEmail,
  webhookDisabledEmail,
} from "./templates";

const LANGUAGES: Language[] = ["en", "es", "fr", "de"];
const EVENTS: AccountEvent[] = ["new-device", "password-changed", "google-connected", "google-disconnected"];
const origin = "https://verbatim.example.com";

/** Every e-mail there is, for one recipient. */
function everyEmail(to: Recipient): [string, Rendered][] {
  return [
    ["confirm", confirmationEmail(to, { email: "a@example.com", link: `${origin}/verify-email?token=t` })],
    ["reset", resetEmail(to, { link: `${origin}/reset-password?token=t` })],
    ["email changed", emailChangedEmail(to, { oldEmail: "old@example.com", newEmail: "new@example.com" })],
    ...EVENTS.map((event): [string, Rendered] => [
      event,
      activityEmail(to, {
        event,
        detail: "Firefox, Linux",
        at: "1 May 2026",
        origin,
        always: event === "password-changed",
      }),
    ]),
    ...[true, false].map((completed): [string, Rendered] => [
      `transcription ${completed}`,
      transcriptionEmail(to, {
        file: "Q3 review",
        completed,
        reason: "No sound",
        link: `${origin}/transcription/1`,
        origin,
      }),
    ]),
    ["webhook disabled", webhookDisabledEmail(to, { url: "https://hooks.example.com/v", count: 5, origin })],
    ...Object.keys(ANNOUNCEMENTS).map((announcement): [string, Rendered] => [
      announcement,
      featureEmail(to, { announcement, unsubscribeUrl: `${origin}/unsubscribe?token=t` }),
    ]),
  ];
}

describe("the templates", () => {
  it.each(LANGUAGES)(
    "every e-mail in %s has a subject, an HTML and a plain-text part, every value filled in",
    (language) => {
      for (const [name, mail] of everyEmail({ language, name: "Ada", username: "ada" })) {
        expect(mail.subject, name).not.toBe("");
        expect(mail.text, name).toContain("Ada");
        expect(mail.html, name).toContain(`<html lang="${language}">`);
        for (const part of [mail.subject, mail.text, mail.html]) expect(part, name).not.toMatch(/\{\w+\}/);
      }
    },
  );

  it("the languages differ: each e-mail's words are translated", () => {
    const subjects = LANGUAGES.map((language) =>
      everyEmail({ language, name: "Ada", username: "ada" }).map(([, m]) => m.subject),
    );
    for (let i = 0; i < (subjects[0]?.length ?? 0); i++)
      expect(new Set(subjects.map((s) => s[i])).size, `e-mail ${i}`).toBe(LANGUAGES.length);
  });

  it("escapes what the user wrote in the HTML part, and keeps it as written in the text part", () => {
    const mail = transcriptionEmail(
      { language: "en", name: "<b>Ada</b>", username: "ada" },
      { file: `<img src=x onerror="alert(1)">`, completed: true, reason: "", link: `${origin}/t/1`, origin },
    );
    expect(mail.html).not.toContain("<img");
    expect(mail.html).not.toContain("<b>Ada</b>");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(mail.text).toContain(`<img src=x onerror="alert(1)">`);
  });
});
