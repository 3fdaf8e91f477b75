import { JFK_FLAC, JFK_MP3, JFK_VIDEO } from "@verbatim/testing/audio";
import { startGoogleFake } from "@verbatim/testing/google-fake";
import { startMailpit } from "@verbatim/testing/mailpit";
import { startStripeMock } from "@verbatim/testing/stripe-mock";
import { startWebhookReceiver } from "@verbatim/testing/webhook-receiver";
import type { TestProject } from "vitest/node";
import { buildLongRecording, buildTwoSpeakerChunks } from "./audio-fixtures";
import { startChaosProxy } from "./chaos-proxy";
import { type Engine, startEngine } from "./engine";
import { FONTS_DIR, fontFiles } from "./fonts";

declare module "vitest" {
  interface ProvidedContext {
    asrBaseUrl: string;
    /** The Worker's Google vars, every endpoint on the local Google fakes. */
    googleVars: Record<string, string>;
    googleMockOrigin: string;
    proxyUrl: string;
    /** The Worker's Stripe settings, pointing at stripe-mock. */
    stripeVars: Record<string, string>;
    /** The Worker's e-mail settings: SMTP to this run's Mailpit. */
    mailVars: Record<string, string>;
    /** Mailpit's HTTP API, where the tests read what the Worker sent (test/mailpit.ts). */
    mailpitUrl: string;
    /** The webhook receiver the Worker delivers to over http loopback (@verbatim/testing/webhook-receiver). */
    webhookReceiverUrl: string;
    longRecording: {
      duration: number;
      chunks: { name: string; start: number }[];
      clips: string[];
      clipReferences: string[];
      reference: string;
    };
  }
}

/**
 * Puts a controllable proxy where the Worker expects the speech engine, and builds the test audio (Node side).
 * The real engine starts on the first request that reaches the proxy: a run of suites that never transcribe
 * (auth, billing, preferences, …) never loads a model, and one that does waits for it only then.
 */
export default async function setup(project: TestProject) {
  let engine: Promise<Engine> | undefined;
  const startedEngine = () => {
    engine ??= startEngine();
    return engine;
  };
  // In this process group: the test command stops the worker suite as a group, mock included.
  const stripeMock = await startStripeMock();
  project.provide("stripeVars", stripeMock.vars);
  // A real mail server on ports of its own: the Worker sends over SMTP, the tests read through Mailpit's API.
  const mailpit = await startMailpit();
  project.provide("mailVars", mailpit.vars);
  project.provide("mailpitUrl", mailpit.url);
  const receiver = await startWebhookReceiver();
  project.provide("webhookReceiverUrl", receiver.url);
  const long = buildLongRecording();
  const files: Record<string, string> = {
    "jfk.flac": JFK_FLAC,
    "jfk.mp3": JFK_MP3,
    "jfk_video.mp4": JFK_VIDEO,
    "long.wav": long.long,
  };
  for (const [i, c] of long.chunks.entries()) files[`chunk${i}.wav`] = c.file;
  const twoSpeakers = buildTwoSpeakerChunks();
  files["two-speakers.wav"] = twoSpeakers.whole;
  for (const [i, p] of twoSpeakers.parts.entries()) files[`two-speakers-part${i}.wav`] = p.file;
  for (const [i, c] of long.clips.entries()) files[`clip${i}.wav`] = c;
  // The PDF fonts, which test/seed-fonts.ts puts into R2 as the start command does.
  for (const font of fontFiles()) files[`fonts/${font}`] = `${FONTS_DIR}${font}`;
  const proxy = await startChaosProxy(startedEngine, files);
  const google = await startGoogleFake({ audioFile: JFK_MP3 });
  project.provide("googleVars", google.vars);
  project.provide("googleMockOrigin", google.origin);
  project.provide("asrBaseUrl", `${proxy.url}/v1`);
  project.provide("proxyUrl", proxy.url);
  project.provide("longRecording", {
    duration: long.duration,
    chunks: long.chunks.map((c, i) => ({ name: `chunk${i}.wav`, start: c.start })),
    clips: long.clips.map((_, i) => `clip${i}.wav`),
    clipReferences: long.clipReferences,
    reference: long.reference,
  });
  return async () => {
    await proxy.close();
    await google.close();
    (await engine?.catch(() => null))?.process.kill("SIGTERM");
    await stripeMock.stop();
    await mailpit.stop();
    await receiver.close();
  };
}
