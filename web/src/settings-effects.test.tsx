import {
  AI_LANGUAGES,
  AI_SWITCHES,
  type AnalysisCapabilities,
  DEFAULT_PREFERENCES,
  type Preferences,
} from "@verbatim/shared/preferences";
import type { TranscriptDoc } from "@verbatim/shared/transcript";
import { act, type ReactNode } from "react";
import { describe, expect, test, vi } from "vitest";
import { AiTab } from "@/features/settings/components/ai-tab";
import { ProcessingStatus } from "@/features/transcription-detail/components/processing-status";
import { TranscriptEditor } from "@/features/transcription-detail/components/transcript-editor";
import { AUTO_SAVE_DELAY_MS } from "@/features/transcription-detail/hooks/use-auto-save";
import { TranscriptionCard } from "@/features/transcriptions/components/transcription-card";
import { appHarness, FAKE_USER, jsonAnswer, noFakeAnswer, until, wait } from "@/test-support/app-harness";
import { fakeTranscription } from "../e2e/support/fake-answers";

// Issue 34: every setting acts, or says why not. Each test sets one setting on a fake API and looks at the real
// component it should change. (The analysis side is in the worker's tests: analysis/capabilities.test.ts, the
// offline engine's and the providers' "honours the … preferences" tests.)

const DOC: TranscriptDoc = {
  language: "en",
  duration: 10,
  segments: [
    { start: 0, end: 4, text: "Hello everyone." },
    { start: 4, end: 9, text: "Let us begin." },
  ],
  version: 3,
};

interface Server {
  preferences: Preferences;
  capabilities: AnalysisCapabilities;
  /** Bodies of PUT …/transcript, in order. */
  saves: unknown[];
  /** Answer every save with 409 (saved elsewhere as version 4). */
  conflict: boolean;
}
let server: Server;

async function fakeApi(request: Request) {
  const path = new URL(request.url).pathname;
  if (path === "/api/user") return jsonAnswer(FAKE_USER);
  if (path === "/api/session") return jsonAnswer({ user: FAKE_USER });
  if (path === "/api/user/preferences") return jsonAnswer(server.preferences);
  if (path === "/api/user/analysis-capabilities") return jsonAnswer(server.capabilities);
  if (path === "/api/transcriptions/t1/transcript/versions") return jsonAnswer({ current: 3, versions: [] });
  if (path === "/api/transcriptions/t1/transcript" && request.method === "PUT") {
    const body = (await request.json()) as { baseVersion: number };
    server.saves.push(body);
    if (server.conflict)
      return jsonAnswer({ message: "Changed elsewhere", code: "VERSION_CONFLICT", currentVersion: 4 }, 409);
    return jsonAnswer({ ...DOC, ...body, version: body.baseVersion + 1 });
  }
  if (path.startsWith("/api/transcriptions/t1")) return jsonAnswer(fakeTranscription({ id: "t1" }));
  return noFakeAnswer(request);
}

const app = appHarness(fakeApi, () => {
  server = {
    preferences: structuredClone(DEFAULT_PREFERENCES),
    capabilities: { engine: "offline", languages: ["English"], models: [], switches: [...AI_SWITCHES], fallback: null },
    saves: [],
    conflict: false,
  };
  localStorage.clear();
});

/** Mounts `page` at "/" as the app does; "/dashboard" is another screen. */
const mount = (page: () => ReactNode) => app.mount(page, { routes: { "/dashboard": () => <p>Another screen</p> } });

describe("Settings › Timezone: date format, time format and time zone", () => {
  const card = () => (
    <TranscriptionCard
      transcription={fakeTranscription({ id: "t1", created_at: "2026-03-04T13:05:00.000Z" })}
      selected={false}
      onSelectedChange={() => undefined}
      onDownload={() => undefined}
      onRename={() => undefined}
      onDelete={() => undefined}
    />
  );

  test.each([
    ["MM/DD/YYYY", "24h", "Europe/Stockholm", "Uploaded on 03/04/2026 14:05"],
    ["DD/MM/YYYY", "12h", "America/Los_Angeles", "Uploaded on 04/03/2026 5:05 AM"],
    ["YYYY-MM-DD", "24h", "Asia/Tokyo", "Uploaded on 2026-03-04 22:05"],
  ] as const)(
    "the dashboard card writes its date as %s, %s, in %s",
    async (dateFormat, timeFormat, timezone, shown) => {
      server.preferences.timezone = { timezone, dateFormat, timeFormat, autoDetect: false };
      await mount(card);
      await until(() => expect(app.host.textContent).toContain(shown));
    },
  );

  test("with auto-detect on, the browser's zone applies (the tests run in New York)", async () => {
    server.preferences.timezone = {
      timezone: "Asia/Tokyo",
      dateFormat: "YYYY-MM-DD",
      timeFormat: "12h",
      autoDetect: true,
    };
    await mount(card);
    await until(() => expect(app.host.textContent).toContain("Uploaded on 2026-03-04 8:05 AM"));
  });

  test("the transcription's processing status writes its created time the same way", async () => {
    server.preferences.timezone = {
      timezone: "Europe/Stockholm",
      dateFormat: "DD/MM/YYYY",
      timeFormat: "24h",
      autoDetect: false,
    };
    const trace = {
      transcription: { status: "PROCESSING", progressPercentage: 40, createdAt: "2026-03-04T13:05:00.000Z" },
      hasText: false,
      textLength: 0,
      logs: [],
    };
    await mount(() => <ProcessingStatus trace={trace as never} error={false} />);
    await until(() => expect(app.host.textContent).toContain("04/03/2026 14:05"));
  });
});

describe("Settings › General › Auto-save transcriptions", () => {
  const editor = () => (
    <TranscriptEditor
      transcriptionId="t1"
      doc={DOC}
      version={3}
      time={0}
      follow={false}
      shown={() => true}
      onClose={() => undefined}
      onReload={() => undefined}
    />
  );

  /** Types `text` into the first segment, as the user would. */
  async function typeInFirstSegment(text: string) {
    const area = app.host.querySelector<HTMLTextAreaElement>('[data-segment="0"] textarea');
    if (!area) throw new Error("no segment");
    await act(async () => {
      area.focus();
    });
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
      setValue?.call(area, text);
      area.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }

  async function openEditor() {
    await mount(editor);
    await until(() => expect(app.host.querySelector('[data-segment="0"] textarea')).not.toBeNull());
    // The editor reads the setting from the preferences: wait for them.
    await until(() =>
      expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).endsWith("/api/user/preferences"))).toBe(true),
    );
    await wait(50);
  }

  test("on: a change is saved by itself two seconds after the last keystroke", async () => {
    await openEditor();
    await typeInFirstSegment("Hello everybody.");
    await wait(AUTO_SAVE_DELAY_MS - 500);
    expect(server.saves).toEqual([]);
    await until(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0]).toMatchObject({ baseVersion: 3, segments: [{ text: "Hello everybody." }, {}] });
    await until(() => expect(app.host.textContent).toContain("Saved (version 4)"));
  });

  test("on: a save refused with 409 opens the conflict dialog and is not sent again", async () => {
    server.conflict = true;
    await openEditor();
    await typeInFirstSegment("Hello everybody.");
    await until(() => expect(app.host.textContent).toContain("The transcript was changed elsewhere"));
    await wait(AUTO_SAVE_DELAY_MS + 200);
    expect(server.saves).toHaveLength(1);
  });

  test("off: nothing is saved by itself, and leaving the page asks first", async () => {
    server.preferences.general.autoSave = false;
    await openEditor();
    await typeInFirstSegment("Hello everybody.");
    await wait(AUTO_SAVE_DELAY_MS + 300);
    expect(server.saves).toEqual([]);
    expect(app.host.textContent).toContain("Unsaved changes");

    await act(async () => {
      void app.router.navigate({ to: "/dashboard" });
    });
    await until(() => expect(app.host.textContent).toContain("Leave without saving?"));
    expect(app.router.state.location.pathname).toBe("/");

    const leave = [...app.host.querySelectorAll("button")].find((b) => b.textContent === "Leave");
    await act(async () => leave?.click());
    await until(() => expect(app.host.textContent).toContain("Another screen"));
    expect(server.saves).toEqual([]);
  });

  test("on: leaving the page does not ask; the change is saved on the way out", async () => {
    await openEditor();
    await typeInFirstSegment("Hello everybody.");
    await act(async () => {
      void app.router.navigate({ to: "/dashboard" });
    });
    await until(() => expect(app.host.textContent).toContain("Another screen"));
    expect(app.host.textContent).not.toContain("Leave without saving?");
    await until(() => expect(server.saves).toHaveLength(1));
  });
});

describe("Settings › AI Assistant says what the server's engine cannot apply", () => {
  const tab = () => <AiTab saved={server.preferences.ai} />;

  test("the offline engine writes English only: choosing Spanish says so next to the language", async () => {
    server.preferences.ai.preferredLanguage = "Spanish";
    await mount(tab);
    await until(() =>
      expect(app.host.textContent).toContain(
        "This server's analysis engine writes only in English, so this choice is not applied.",
      ),
    );
    expect(app.host.textContent).toContain("This server analyses with the one model it is configured with");
  });

  test("with English chosen, or with a language model, there is no language note", async () => {
    await mount(tab);
    await until(() => expect(app.host.textContent).toContain("This server analyses with the one model"));
    expect(app.host.textContent).not.toContain("writes only in");
  });

  test("a language-model engine writes German: no language note", async () => {
    server.preferences.ai.preferredLanguage = "German";
    server.capabilities = {
      engine: "local",
      languages: [...AI_LANGUAGES],
      models: [],
      switches: [...AI_SWITCHES],
      fallback: null,
    };
    await mount(tab);
    await until(() => expect(app.host.textContent).toContain("This server analyses with the one model"));
    expect(app.host.textContent).not.toContain("writes only in");
    expect(app.host.textContent).not.toContain("offline engine");
  });

  test("a language model that cannot run: the reason is shown", async () => {
    server.capabilities.fallback = "The local language model is not running (only 1.2 GB of memory free)";
    await mount(tab);
    await until(() =>
      expect(app.host.textContent).toContain(
        "Summaries come from the offline engine: The local language model is not running (only 1.2 GB of memory free).",
      ),
    );
  });
});
