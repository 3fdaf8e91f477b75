// @ts-check
/// <reference path="./http-ece.d.ts" />
// A push service for tests: the part of Web Push a browser's vendor runs (RFC 8030). It hands out subscriptions as
// a browser's PushManager.subscribe() would (an endpoint, and the browser's P-256 key and auth secret), and checks
// every push the way a real one and the browser do, with implementations other than the Worker's: the VAPID JWT
// (RFC 8292) with Node's crypto, the body (RFC 8291) with http_ece, the reference implementation of RFC 8188 by
// its author. It keeps what it received, and answers 201, or what a test told an endpoint to (404, 410 …).
import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:http";
import ece from "http_ece";

/**
 * @typedef {{ endpoint: string, keys: { p256dh: string, auth: string } }} Subscription
 * @typedef {{ aud: string, exp: number, sub: string }} Claims
 * @typedef {{ endpoint: string, payload: unknown, claims: Claims, vapidKey: string,
 *   ttl: string | undefined, urgency: string | undefined }} Push
 */

const b64 = (/** @type {string} */ s) => Buffer.from(s, "base64url");

/** @param {import("node:http").IncomingMessage} req */
async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * `Authorization: vapid t=<JWT>, k=<key>` checked: an ES256 JWT signed by `k`, for this service's origin, that
 * expires within 24 hours, with a contact. Throws saying what is wrong.
 * @param {string | undefined} header
 * @param {string} origin
 * @returns {{ claims: Claims, vapidKey: string }}
 */
function checkVapid(header, origin) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`no VAPID Authorization header: ${header}`);
  const [, head = "", body = "", signature = "", vapidKey = ""] = match;
  const point = b64(vapidKey);
  if (point.length !== 65 || point[0] !== 4) throw new Error("k is not an uncompressed P-256 public key");
  const key = createPublicKey({
    format: "jwk",
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
  });
  const signed = verify("sha256", Buffer.from(`${head}.${body}`), { key, dsaEncoding: "ieee-p1363" }, b64(signature));
  if (!signed) throw new Error("the VAPID JWT's signature does not match k");
  if (JSON.parse(b64(head).toString()).alg !== "ES256") throw new Error("the VAPID JWT is not ES256");
  /** @type {Claims} */
  const claims = JSON.parse(b64(body).toString());
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not the push service's origin ${origin}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 60 * 60)) throw new Error(`exp ${claims.exp} is not within 24 h`);
  if (!/^(mailto|https):/.test(claims.sub ?? "")) throw new Error(`sub ${claims.sub} is no contact`);
  return { claims, vapidKey };
}

/**
 * Starts on a free loopback port.
 * @returns {Promise<{ origin: string, subscribe: () => Subscription, answer: (endpoint: string, status: number) => void,
 *   received: (endpoint?: string) => Push[], refused: () => string[], close: () => Promise<void> }>}
 */
export async function startPushService() {
  /** @type {Map<string, { browser: import("node:crypto").ECDH, auth: Buffer }>} */
  const browsers = new Map();
  /** @type {Map<string, number>} */
  const answers = new Map();
  /** @type {Push[]} */
  const pushes = [];
  /** @type {string[]} */
  const refusals = [];
  let origin = "";

  const server = createServer(async (req, res) => {
    const endpoint = `${origin}${req.url}`;
    const body = await readBody(req);
    try {
      const browser = browsers.get(endpoint);
      if (req.method !== "POST" || !browser) throw new Error(`no subscription at ${req.method} ${endpoint}`);
      const { claims, vapidKey } = checkVapid(req.headers.authorization, origin);
      if (req.headers["content-encoding"] !== "aes128gcm") throw new Error("Content-Encoding is not aes128gcm");
      if (!/^\d+$/.test(String(req.headers.ttl))) throw new Error("no TTL");
      const plain = ece.decrypt(body, { version: "aes128gcm", privateKey: browser.browser, authSecret: browser.auth });
      const status = answers.get(endpoint) ?? 201;
      pushes.push({
        endpoint,
        payload: JSON.parse(plain.toString("utf8")),
        claims,
        vapidKey,
        ttl: req.headers.ttl?.toString(),
        urgency: req.headers.urgency?.toString(),
      });
      res.writeHead(status).end();
    } catch (err) {
      refusals.push(String(err));
      res.writeHead(400, { "Content-Type": "text/plain" }).end(String(err));
    }
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  return {
    origin,
    subscribe() {
      const browser = createECDH("prime256v1");
      browser.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString("base64url")}`;
      browsers.set(endpoint, { browser, auth });
      return {
        endpoint,
        keys: { p256dh: browser.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
      };
    },
    answer: (endpoint, status) => void answers.set(endpoint, status),
    received: (endpoint) => pushes.filter((p) => !endpoint || p.endpoint === endpoint),
    refused: () => [...refusals],
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
