import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { ensureMailpit, startMailpit } from "./mailpit.mjs";

test("without Go ≥ 1.22 it stops at once and says what to install", () => {
  const dir = mkdtempSync(join(tmpdir(), "mailpit-test-"));
  try {
    const oldGo = join(dir, "go");
    writeFileSync(oldGo, "#!/bin/sh\necho go1.19.8\n");
    chmodSync(oldGo, 0o755);
    assert.throws(
      () => ensureMailpit({ bin: join(dir, "mailpit"), goCandidates: [oldGo] }),
      /Go ≥ 1\.22 \(found: go1\.19\.8\).*go install github\.com\/axllent\/mailpit@v1\.33\.1/,
    );
    // With the binary there, no Go is needed.
    assert.equal(ensureMailpit({ bin: oldGo, goCandidates: [] }), oldGo);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * One SMTP conversation, as plain as can be: what the Worker's client does, from Node.
 * @param {number} port
 * @param {string} to
 * @param {string} subject
 */
function sendOne(port, to, subject) {
  const lines = [
    "EHLO test",
    "MAIL FROM:<t@localhost>",
    `RCPT TO:<${to}>`,
    "DATA",
    `From: t@localhost\r\nTo: ${to}\r\nSubject: ${subject}\r\n\r\nHello\r\n.`,
    "QUIT",
  ];
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let replies = 0;
    socket.on("data", (chunk) => {
      for (const line of chunk.toString().split("\r\n")) {
        if (!/^\d{3} /.test(line)) continue;
        const next = lines[replies++];
        if (next) socket.write(`${next}\r\n`);
      }
    });
    socket.on("close", resolve);
    socket.on("error", reject);
  });
}

test("starts on free ports, takes mail over SMTP and shows it through its API; the Worker's vars point at it", async () => {
  const mail = await startMailpit();
  try {
    assert.deepEqual(mail.vars, {
      EMAIL_PROVIDER: "smtp",
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(mail.smtpPort),
      SMTP_SECURITY: "off",
    });
    await sendOne(mail.smtpPort, "someone@example.com", "Hi there");
    const { messages } = /** @type {{ messages: { Subject: string }[] }} */ (
      await (await fetch(`${mail.url}/api/v1/messages`)).json()
    );
    assert.equal(messages[0]?.Subject, "Hi there");
  } finally {
    await mail.stop();
  }
});
