// Where a webhook may be sent (docs/architecture/api.md#webhooks): a user chooses the URL, so the Worker must
// not become their way into a private network. Checked when an endpoint is saved (a clear 400) and again before every
// attempt. The check is on the URL as written — IP literals and local names. A public name that resolves to a private
// address is not looked up: on Cloudflare a Worker's fetch cannot reach private networks anyway, and a DNS answer
// checked here could differ from the one fetch then uses (rebinding), so a lookup would promise more than it holds.

/** Names that only mean something on a local network. */
const LOCAL_SUFFIXES = [".localhost", ".local", ".internal", ".lan", ".home.arpa", ".intranet", ".corp"];

type Range = [base: number, bits: number];
const v4 = (a: number, b: number, c: number, d: number) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

/** IPv4 ranges that are not the public internet (RFC 6890 and friends). */
const BLOCKED_V4: Range[] = [
  [v4(0, 0, 0, 0), 8], // "this network"
  [v4(10, 0, 0, 0), 8], // private
  [v4(100, 64, 0, 0), 10], // carrier-grade NAT
  [v4(127, 0, 0, 0), 8], // loopback
  [v4(169, 254, 0, 0), 16], // link-local, cloud metadata services
  [v4(172, 16, 0, 0), 12], // private
  [v4(192, 0, 0, 0), 24], // IETF protocol assignments
  [v4(192, 0, 2, 0), 24], // documentation
  [v4(192, 88, 99, 0), 24], // 6to4 relay
  [v4(192, 168, 0, 0), 16], // private
  [v4(198, 18, 0, 0), 15], // benchmarking
  [v4(198, 51, 100, 0), 24], // documentation
  [v4(203, 0, 113, 0), 24], // documentation
  [v4(224, 0, 0, 0), 4], // multicast
  [v4(240, 0, 0, 0), 4], // reserved, broadcast
];

const inRange = (ip: number, [base, bits]: Range) => bits === 0 || ip >>> (32 - bits) === base >>> (32 - bits);

function parseV4(host: string): number | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  const [a, b, c, d] = parts.map(Number) as [number, number, number, number];
  return v4(a, b, c, d);
}

/** The 8 groups of an IPv6 literal as the URL parser writes it (compressed hex, no dotted tail). */
function parseV6(host: string): number[] | null {
  const halves = host.split("::");
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === "" ? [] : s.split(":").map((g) => Number.parseInt(g, 16)));
  const head = groups(halves[0] ?? "");
  const tail = halves.length === 2 ? groups(halves[1] ?? "") : [];
  const all = halves.length === 2 ? [...head, ...Array(8 - head.length - tail.length).fill(0), ...tail] : head;
  return all.length === 8 && all.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? all : null;
}

/**
 * Only global unicast (2000::/3) is public, less documentation (2001:db8::/32) and the ranges that carry an IPv4
 * address inside (Teredo 2001::/32, 6to4 2002::/16). Everything else — loopback, unspecified, IPv4-mapped
 * (::ffff:0:0/96) and -compatible, NAT64, unique local fc00::/7, link-local fe80::/10, multicast ff00::/8 — is not.
 */
function publicV6(g: number[]): boolean {
  const [a = 0, b = 0] = g;
  if (a >> 13 !== 0b001) return false;
  if (a === 0x2001 && (b === 0x0db8 || b === 0)) return false;
  return a !== 0x2002;
}

export interface UrlPolicy {
  /** http:// to loopback (127.0.0.0/8, [::1], localhost) is allowed: local development and tests only. */
  allowHttpLoopback: boolean;
  /** Verbatim's own origin: a webhook to the app itself would have it call its own API (or loop on itself). */
  ownOrigin: string;
}

const portOf = (url: URL) => url.port || (url.protocol === "https:" ? "443" : "80");

/** The same server as `own`: the same port, on the same name, or both on loopback. */
function isOwnServer(url: URL, isLoopback: boolean, own: string) {
  let app: URL;
  try {
    app = new URL(own);
  } catch {
    return false;
  }
  if (portOf(url) !== portOf(app)) return false;
  const appHost = app.hostname.toLowerCase();
  const appLoopback = appHost === "localhost" || appHost === "[::1]" || /^127\./.test(appHost);
  return url.hostname.toLowerCase() === appHost || (isLoopback && appLoopback);
}

/** Why a webhook may not be sent to `raw`, in words for the user; null when it may. */
export function webhookUrlProblem(raw: string, policy: UrlPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "The webhook URL is not a valid URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "The webhook URL must start with https://";
  if (url.username || url.password) return "The webhook URL must not contain a user name or password";
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  const literal6 = host.startsWith("[") ? parseV6(host.slice(1, -1)) : null;
  const literal4 = parseV4(host);
  const loopback =
    host === "localhost" ||
    (literal4 !== null && inRange(literal4, [v4(127, 0, 0, 0), 8])) ||
    (literal6?.slice(0, 7).every((x) => x === 0) && literal6[7] === 1);
  if (isOwnServer(url, Boolean(loopback), policy.ownOrigin)) return "The webhook URL points to Verbatim itself";
  if (loopback && policy.allowHttpLoopback) return null;
  if (url.protocol !== "https:") return "The webhook URL must start with https://";
  const privateAddress = "The webhook URL points to a private, local or reserved address; use a public one";
  if (host.startsWith("[")) return literal6 && publicV6(literal6) ? null : privateAddress;
  if (literal4 !== null) return BLOCKED_V4.some((r) => inRange(literal4, r)) ? privateAddress : null;
  if (host === "localhost" || LOCAL_SUFFIXES.some((s) => host.endsWith(s)) || !host.includes("."))
    return "The webhook URL names a local host; use a public one";
  return null;
}
