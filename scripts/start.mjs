// One command from a fresh clone to a running app: installs, builds, migrates, then runs the speech engine, the local
// language model and Mailpit (the local mail server and its inbox) beside `wrangler dev`. Ctrl-C stops them all.

import { startEngine, startWorker } from "./lib/app.mjs";
import { root } from "./lib/env.mjs";
import { startLocalLlm } from "./lib/llm.mjs";
import { preflight } from "./lib/preflight.mjs";
import { startService, stopAll, stopAllOnSignals, stopService } from "./lib/processes.mjs";
import { buildWeb, install, migrate, seedAssets } from "./lib/setup.mjs";
import { localVapidVars } from "./lib/vapid.mjs";

const started = Date.now();
const port = Number(process.env.PORT || 8787);
const asrPort = Number(process.env.ASR_PORT || 8788);
const llmPort = Number(process.env.LLM_PORT || 8789);
const persistTo = process.env.VERBATIM_DATA_DIR || `${root}.wrangler/state`;
const mailPort = Number(process.env.MAIL_PORT || 8025);
const smtpPort = Number(process.env.SMTP_PORT || 1025);

/**
 * Mailpit on loopback: the Worker's e-mail goes to it over SMTP, and its inbox shows every message. Its database sits
 * beside the app's data, so the inbox survives a restart. Without Go to build it, the app runs with e-mail off.
 */
async function startMail() {
  try {
    // Loaded only now: on a clean clone, install() above is what links @verbatim/testing.
    const { startMailpit } = await import("@verbatim/testing/mailpit");
    const mail = await startMailpit({
      smtpPort,
      httpPort: mailPort,
      database: `${persistTo}/mailpit.db`,
      service: { start: startService, stop: stopService },
    });
    return { vars: mail.vars, inbox: mail.url };
  } catch (err) {
    console.warn(`\n! E-mail is off: ${err.message}\n`);
    return { vars: { EMAIL_PROVIDER: "off" }, inbox: null };
  }
}

stopAllOnSignals(() => console.log("\nStopping Verbatim…"));

preflight("start");
let mail = { inbox: null };
try {
  install();
  buildWeb();
  migrate(persistTo);
  seedAssets(persistTo);
  console.log("Starting the speech engine, the language model and the app…");
  const [llmVars] = await Promise.all([
    startLocalLlm({ port: llmPort }),
    startEngine({ port: asrPort, model: process.env.VERBATIM_ASR_MODEL || "base" }),
  ]);
  mail = await startMail();
  // Links in e-mails point at this app; browser notifications are signed with this data directory's VAPID keys.
  await startWorker({
    port,
    asrPort,
    persistTo,
    vars: {
      ...llmVars,
      ...mail.vars,
      ...(await localVapidVars(persistTo)),
      EMAIL_LINK_ORIGIN: `http://127.0.0.1:${port}`,
      // Webhooks may go to a receiver on this machine over plain http (production needs https and a public host).
      WEBHOOKS_ALLOW_HTTP_LOOPBACK: "true",
    },
  });
} catch (err) {
  console.error(`\n✗ ${err.message}`);
  await stopAll();
  process.exit(1);
}
console.log(
  `\n  Verbatim is running at http://127.0.0.1:${port}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s; Ctrl-C to stop)`,
);
console.log(mail.inbox ? `  E-mail it sends arrives in Mailpit: ${mail.inbox}\n` : "  E-mail is off (no Mailpit).\n");
