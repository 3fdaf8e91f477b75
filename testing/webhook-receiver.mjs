// @ts-check
// A webhook receiver for tests, the way an integrator would write one: it checks every message with the Standard
// Webhooks reference library (npm `standardwebhooks`) and the endpoint's secret, keeps what came, and answers as the
// test told it to (200, a failure, a redirect). Each test uses its own name, under /hook/<name>.
import { createServer } from "node:http";
import { Webhook } from "standardwebhooks";

/**
 * @typedef {{ secret?: string, status?: number, location?: string, body?: string }} Behaviour
 * @typedef {{ headers: Record<string, string>, body: string, verified: boolean, error: string | null }} Received
 */

/** @param {import("node:http").IncomingMessage} req */
async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Starts on a free loopback port. PUT /endpoints/<name> with a JSON Behaviour sets the secret and the answer;
 * POST /hook/<name> is the webhook URL; GET /endpoints/<name>/received lists what came, oldest first.
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startWebhookReceiver() {
  /** @type {Map<string, Behaviour>} */
  const behaviours = new Map();
  /** @type {Map<string, Received[]>} */
  const received = new Map();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://receiver");
    const [, kind, name = "", extra] = url.pathname.split("/");
    const send = (/** @type {number} */ status, /** @type {string} */ body, headers = {}) => {
      res.writeHead(status, { "Content-Type": "text/plain", ...headers });
      res.end(body);
    };
    if (kind === "endpoints" && req.method === "PUT") {
      behaviours.set(name, JSON.parse(await readBody(req)));
      return send(204, "");
    }
    if (kind === "endpoints" && extra === "received" && req.method === "GET") {
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end(JSON.stringify(received.get(name) ?? []));
    }
    if (kind === "hook" && req.method === "POST") {
      const body = await readBody(req);
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]),
      );
      const behaviour = behaviours.get(name) ?? {};
      let verified = false;
      let error = null;
      try {
        if (!behaviour.secret) throw new Error("no secret set for this endpoint");
        new Webhook(behaviour.secret).verify(body, headers);
        verified = true;
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      }
      received.set(name, [...(received.get(name) ?? []), { headers, body, verified, error }]);
      const status = behaviour.status ?? (verified ? 200 : 401);
      return send(status, behaviour.body ?? (verified ? "ok" : `refused: ${error}`), {
        ...(behaviour.location ? { Location: behaviour.location } : {}),
      });
    }
    send(404, "not found");
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the webhook receiver did not start");
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
