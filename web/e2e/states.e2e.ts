import type { TranscriptionStatus } from "@verbatim/shared";
import type { BrowserContext, Page, Route } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { registerViaApi } from "./support/api";
import { allowPageErrors, newContext, newPage, runClock, toast } from "./support/browser";
import { BASE_URL } from "./support/env";
import { fakeTranscription as transcription } from "./support/fake-answers";

// States a real job passes through too quickly (or too rarely) to catch: the API's answers are replaced here,
// in the shapes the real API uses, and the screens are checked against the spec's texts for each.

let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  context = await newContext();
  await registerViaApi(context);
  page = await newPage(context);
  return () => context.close();
});

const json = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });

describe("list states", () => {
  it("shows progress for running jobs and buttons only for finished ones", async () => {
    await page.route("**/api/transcriptions", (route) =>
      json(route, [
        transcription({ id: "a", file_name: "old.mp3", created_at: "2026-01-01T10:00:00.000Z" }),
        transcription({
          id: "b",
          file_name: "running.mp3",
          status: "PROCESSING",
          progress_percentage: 35,
          text: null,
        }),
        transcription({ id: "c", file_name: "again.mp3", status: "REPROCESSING", progress_percentage: 70, text: null }),
        transcription({
          id: "d",
          file_name: "empty.mp3",
          status: "COMPLETED_WITH_ERRORS",
          text: null,
          created_at: "2026-02-01T10:00:00.000Z",
        }),
        transcription({
          id: "e",
          file_name: "broken.mp3",
          status: "FAILED",
          text: null,
          error_message: "Not a recording",
        }),
      ]),
    );
    await page.goto("/dashboard");
    const cards = page.getByTestId("transcription-card");
    await cards.first().waitFor();
    // Newest first by created_at.
    const titles = await cards.locator("h3").allTextContents();
    expect(titles.slice(-2)).toEqual(["empty.mp3", "old.mp3"]);

    const running = cards.filter({ hasText: "running.mp3" });
    expect(await running.textContent()).toContain("Transcribing...");
    expect(await running.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("35");
    expect(await running.getByRole("link", { name: /^View/ }).count()).toBe(0);
    expect(await running.getByRole("button", { name: /^Download/ }).count()).toBe(0);
    expect(await running.getByRole("button", { name: "Rename running.mp3" }).count()).toBe(1);

    const again = cards.filter({ hasText: "again.mp3" });
    expect(await again.textContent()).toContain("Reprocessing...");
    expect(await again.textContent()).toContain("70%");

    const empty = cards.filter({ hasText: "empty.mp3" });
    expect(await empty.getByText("Completed with timestamps").count()).toBe(1);
    expect(await empty.getByRole("button", { name: "Download empty.mp3" }).isDisabled()).toBe(true);
    expect(await cards.filter({ hasText: "broken.mp3" }).getByText("Failed", { exact: true }).count()).toBe(1);
    expect(await cards.filter({ hasText: "old.mp3" }).textContent()).toContain("Uploaded on 01/01/2026 ");
  });

  it("polls while a job runs and toasts when it completes", async () => {
    let calls = 0;
    await page.route("**/api/transcriptions", (route) => {
      calls++;
      return json(route, [
        transcription({ status: calls < 3 ? "PROCESSING" : "COMPLETED", progress_percentage: calls < 3 ? 40 : 100 }),
      ]);
    });
    // The page's timers run on a fake clock the test moves on: each poll comes when due, in no real time.
    await page.clock.install();
    await page.goto("/dashboard");
    const completed = toast(page).filter({ hasText: "Transcription complete" });
    await expect
      .poll(
        async () => {
          await runClock(page, 1000);
          return completed.count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(await toast(page).textContent()).toContain("standup.m4a has been processed successfully");
    const callsAtCompletion = calls;
    // Nothing runs any more: a minute of the page's time brings no poll.
    await runClock(page, 60_000);
    expect(calls).toBe(callsAtCompletion);
  });

  it("shows the load error with its message", async () => {
    allowPageErrors(/HTTP 503 for GET \S+\/api\/transcriptions$/); // the failure this test shows
    await page.route("**/api/transcriptions", (route) => json(route, { message: "Database unavailable" }, 503));
    await page.goto("/dashboard");
    await page.getByText("Error loading transcriptions").waitFor();
    expect(await page.getByRole("alert").textContent()).toContain('503: {"message":"Database unavailable"}');
  });
});

describe("detail states", () => {
  it("while processing: live status box, still-processing tabs, Download disabled; then the completion toast", async () => {
    let status: TranscriptionStatus = "PROCESSING";
    await page.route("**/api/transcriptions/t-1", (route) =>
      json(
        route,
        transcription({ status, text: status === "COMPLETED" ? "[00:00] Done." : null, progress_percentage: 30 }),
      ),
    );
    await page.route("**/api/transcriptions/t-1/trace", (route) =>
      json(route, {
        transcription: { status, progressPercentage: 30, createdAt: "2026-03-04T14:05:00.000Z" },
        logs: ["[14:05:01] Upload received: 1.0 MB", "[14:05:02] Transcribing the recording"],
        hasText: false,
        textLength: 0,
      }),
    );
    await page.goto("/transcription/t-1");
    const box = page.getByTestId("processing-status");
    await box.getByText("Transcribing the recording").waitFor();
    expect(await box.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("30");
    expect(await box.textContent()).toContain("No text yet");
    await page
      .getByText("This transcription is still processing. The transcript will appear here once it's ready.")
      .waitFor();
    expect(await page.getByRole("button", { name: "Download" }).isDisabled()).toBe(true);

    status = "COMPLETED";
    await toast(page).filter({ hasText: "Transcription complete" }).waitFor({ timeout: 10_000 });
    await page.getByRole("list", { name: "Full transcript" }).getByText("Done.").waitFor();
    expect(await box.count()).toBe(0);
  });

  it("announces a completion with errors", async () => {
    let status: TranscriptionStatus = "PROCESSING";
    await page.route("**/api/transcriptions/t-1", (route) => json(route, transcription({ status })));
    await page.route("**/api/transcriptions/t-1/trace", (route) =>
      json(route, {
        transcription: { status, progressPercentage: 90, createdAt: "2026-03-04T14:05:00.000Z" },
        logs: [],
        hasText: true,
        textLength: 30,
      }),
    );
    await page.goto("/transcription/t-1");
    await page.getByTestId("processing-status").waitFor();
    status = "COMPLETED_WITH_ERRORS";
    await toast(page).filter({ hasText: "Transcription completed with timestamps" }).waitFor({ timeout: 10_000 });
    expect(await toast(page).textContent()).toContain(
      "standup.m4a has been processed with timestamps and minor analysis errors",
    );
  });

  it("ignores malformed analysis JSON and shows each tab's empty message", async () => {
    await page.route("**/api/transcriptions/t-1", (route) =>
      json(
        route,
        transcription({
          key_points: "{not json",
          summary_analysis: '{"overview": 3}',
          transcription_details: "[]",
        }),
      ),
    );
    await page.route("**/api/transcriptions/t-1/segments", (route) =>
      json(route, { message: "The timed transcript is not ready yet" }, 404),
    );
    await page.goto("/transcription/t-1");
    // No segments: the [mm:ss] markers of the text make the timed lines.
    const lines = page.getByRole("list", { name: "Full transcript" });
    // (Shown as plain text here: there is no recording behind this stub to seek in.)
    await lines.getByText("[00:04]", { exact: true }).waitFor();
    expect(await lines.getByText("Let's start.").count()).toBe(1);
    await page.getByRole("tab", { name: "Formatted" }).click();
    await page.getByText("Formatted transcript not available. Viewing the full transcript instead.").waitFor();
    for (const [tab, empty] of [
      ["Summary", "No summary available."],
      ["Key Points", "No key points available."],
      ["Analysis", "No analysis available."],
      ["Details", "No detailed analysis available."],
    ] as const) {
      await page.getByRole("tab", { name: tab }).click();
      await page.getByRole("tabpanel").getByText(empty).waitFor();
    }
  });

  it("reads analysis given as JSON strings", async () => {
    await page.route("**/api/transcriptions/t-1", (route) =>
      json(
        route,
        transcription({
          key_points: JSON.stringify(["Ship on Friday"]),
          summary_analysis: JSON.stringify({
            overview: "A short standup.",
            duration: "8 seconds",
            tone: "Upbeat",
            speakers: "Two",
            topics: ["Release"],
          }),
        }),
      ),
    );
    await page.goto("/transcription/t-1");
    await page.getByRole("tab", { name: "Key Points" }).click();
    await page.getByRole("tabpanel").getByText("Ship on Friday").waitFor();
    await page.getByRole("tab", { name: "Analysis" }).click();
    await page.getByRole("tabpanel").getByText("A short standup.").waitFor();
    expect(await page.getByRole("tabpanel").textContent()).toContain("Upbeat");
  });

  it("shows the not-found page for an unknown id", async () => {
    await page.goto("/transcription/00000000-0000-4000-8000-000000000000");
    await page.getByRole("heading", { name: "Transcription Not Found" }).waitFor();
    await page.getByText("Unable to Find Transcription").waitFor();
    await page.getByRole("link", { name: "Back to Transcriptions" }).click();
    await page.waitForURL(`${BASE_URL}/`);
  });

  it("sends the user to the list when loading fails", async () => {
    allowPageErrors(/HTTP 500 for GET \S+\/api\/transcriptions\/t-1$/); // the failure this test shows
    await page.route("**/api/transcriptions/t-1", (route) => route.fulfill({ status: 500, body: "boom" }));
    await page.goto("/transcription/t-1");
    await page.waitForURL(`${BASE_URL}/`);
    await toast(page).filter({ hasText: "Failed to fetch transcription" }).waitFor();
  });
});
