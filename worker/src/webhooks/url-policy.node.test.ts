import { describe, expect, it } from "vitest";
import { webhookUrlProblem } from "./url-policy";

const production = { allowHttpLoopback: false, ownOrigin: "https://verbatim.example.com" };
const local = { allowHttpLoopback: true, ownOrigin: "http://127.0.0.1:8787" };

describe("where a webhook may be sent", () => {
  it.each([
    "https://hooks.example.com/verbatim",
    "https://example.com:8443/hook?x=1",
    "https://8.8.8.8/hook",
    "https://[2606:4700:4700::1111]/hook",
    "https://a.b.c.example.org./path",
  ])("allows %s", (url) => {
    expect(webhookUrlProblem(url, production)).toBeNull();
  });

  it.each([
    ["not a url", /not a valid URL/],
    ["http://hooks.example.com/", /https/],
    ["ftp://hooks.example.com/", /https/],
    ["javascript:alert(1)", /https/],
    ["https://user:pass@hooks.example.com/", /user name or password/],
    ["https://user@hooks.example.com/", /user name or password/],
    ["https://localhost/", /local host/],
    ["https://127.0.0.1/", /private/],
    ["https://127.1/", /private/], // the URL parser writes it 127.0.0.1
    ["https://2130706433/", /private/], // 127.0.0.1 as one number
    ["https://0x7f.0.0.1/", /private/],
    ["https://0.0.0.0/", /private/],
    ["https://10.1.2.3/", /private/],
    ["https://172.16.0.1/", /private/],
    ["https://172.31.255.255/", /private/],
    ["https://192.168.1.1/", /private/],
    ["https://169.254.169.254/latest/meta-data", /private/],
    ["https://100.64.0.1/", /private/],
    ["https://224.0.0.1/", /private/],
    ["https://255.255.255.255/", /private/],
    ["https://[::1]/", /private/],
    ["https://[::]/", /private/],
    ["https://[::ffff:127.0.0.1]/", /private/],
    ["https://[::ffff:10.0.0.1]/", /private/],
    ["https://[::ffff:8.8.8.8]/", /private/],
    ["https://[64:ff9b::a00:1]/", /private/],
    ["https://[fc00::1]/", /private/],
    ["https://[fd12:3456::1]/", /private/],
    ["https://[fe80::1]/", /private/],
    ["https://[ff02::1]/", /private/],
    ["https://[2001:db8::1]/", /private/],
    ["https://[2002:7f00:1::]/", /private/],
    ["https://printer.local/", /local host/],
    ["https://metadata.google.internal/", /local host/],
    ["https://app.localhost/", /local host/],
    ["https://router.home.arpa/", /local host/],
    ["https://intranet/", /local host/],
  ])("refuses %s", (url, message) => {
    expect(webhookUrlProblem(url, production)).toMatch(message);
  });

  it("allows http to loopback only when the local setting says so", () => {
    for (const url of ["http://127.0.0.1:9000/hook", "http://localhost:9000/", "http://[::1]:9000/"]) {
      expect(webhookUrlProblem(url, production), url).not.toBeNull();
      expect(webhookUrlProblem(url, local), url).toBeNull();
    }
    // The setting opens loopback, nothing else.
    expect(webhookUrlProblem("http://hooks.example.com/", local)).toMatch(/https/);
    expect(webhookUrlProblem("http://10.0.0.1/", local)).toMatch(/https/);
    expect(webhookUrlProblem("https://192.168.1.1/", local)).toMatch(/private/);
  });

  it("never sends to Verbatim itself, whatever the loopback name (found by fuzzing: the dev server called itself)", () => {
    for (const url of [
      "http://127.0.0.1:8787/",
      "http://localhost:8787/api/x",
      "http://[::1]:8787/",
      "http://127.0.0.2:8787/",
    ]) {
      expect(webhookUrlProblem(url, local), url).toBe("The webhook URL points to Verbatim itself");
    }
    expect(webhookUrlProblem("https://verbatim.example.com/api/webhooks", production)).toBe(
      "The webhook URL points to Verbatim itself",
    );
    expect(webhookUrlProblem("http://127.0.0.1:8788/", local)).toBeNull();
    expect(webhookUrlProblem("https://hooks.example.com/", production)).toBeNull();
  });
});
