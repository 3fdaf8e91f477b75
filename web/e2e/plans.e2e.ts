import { ACCEPTED_FORMAT_NAMES } from "@verbatim/shared/upload";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerViaApi } from "./support/api";
import { seriousViolations } from "./support/axe";
import { allowPageErrors, newPage, PHONE, runClock, screenshot, toast } from "./support/browser";
import { BASE_URL } from "./support/env";
import { clientContext } from "./support/session";

const fitsPhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const PRICES = { monthly: "price_e2e_monthly", annual: "price_e2e_annual" };

/** Answers GET /api/subscription with given states (the page's rules are client-side); the real flow is billing.e2e.ts. */
async function subscriptionIs(
  page: Page,
  ...states: Array<{ plan: "FREE" | "PRO"; status: string; prices?: typeof PRICES | null }>
) {
  let call = 0;
  await page.route("**/api/subscription", (route) => {
    const state = states[Math.min(call++, states.length - 1)] as (typeof states)[number];
    const usage = { used: 0, limit: state.plan === "PRO" ? null : 3 };
    return route.fulfill({ json: { usage, prices: PRICES, ...state } });
  });
}

describe("landing page", () => {
  it("shows the counter, features, how it works, testimonials, FAQ and leads to /pricing", async () => {
    const ctx = await clientContext();
    const page = await newPage(ctx);
    // The counter is the server's figure (GET /api/stats, worker/src/stats/routes.test.ts), given here.
    await page.route("**/api/stats", (route) =>
      route.fulfill({ json: { hoursTranscribed: 12_345, computedAt: new Date().toISOString() } }),
    );
    for (const path of ["/", "/home"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.getByTestId("hours-counter").waitFor();
      expect(await page.getByTestId("hours-counter").textContent()).toBe("12,345");
      for (const heading of [
        "Everything you need from a recording",
        "How it works",
        "What teams say",
        "Frequently asked questions",
      ]) {
        await page.getByRole("heading", { name: heading, level: 2 }).waitFor();
      }
    }
    // The spec's marketing claims, stated as given.
    const text = await page.locator("main").textContent();
    // The one Free plan the server enforces (docs/deviations-from-the-spec.md, "One Free plan").
    for (const claim of [
      "98 languages",
      "10 hours",
      "5GB",
      "50 files per batch",
      "3 free transcriptions a month, up to 5 minutes each",
      `Works with ${ACCEPTED_FORMAT_NAMES.join(", ")}`,
    ]) {
      expect(text).toContain(claim);
    }
    // Nothing the product lacks: formats the upload refuses, teams.
    for (const claim of ["DivX", "QuickTime", "Team collaboration"]) expect(text).not.toContain(claim);
    expect(await page.locator("main ol > li").count()).toBe(3);

    // FAQ answers open from the keyboard.
    const question = page.getByText("Which file formats can I upload?");
    await question.focus();
    await page.keyboard.press("Enter");
    await page
      .getByText(`${ACCEPTED_FORMAT_NAMES.slice(0, -1).join(", ")} and ${ACCEPTED_FORMAT_NAMES.at(-1)}.`)
      .waitFor();

    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "landing");
    await page.getByRole("link", { name: "Start transcribing free" }).click();
    await page.waitForURL(`${BASE_URL}/pricing`);

    await page.setViewportSize(PHONE);
    await page.goto("/home");
    await page.getByTestId("hours-counter").waitFor();
    expect(await fitsPhone(page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "home-phone");
    await ctx.close();
  });
});

describe("pricing page", () => {
  it("toggles monthly and yearly: 19.00 a month, or 15.20 a month billed 182.40 a year", async () => {
    const ctx = await clientContext();
    const page = await newPage(ctx);
    await page.goto("/pricing");
    const pro = page.getByTestId("pro-price");
    await pro.getByText("$19.00").waitFor();
    expect(await pro.textContent()).toContain("Billed monthly");
    expect(await page.getByTestId("free-price").textContent()).toContain("$0");
    const main = await page.locator("main").textContent();
    for (const figure of [
      "3 transcriptions per month",
      "5 minutes maximum per transcription",
      "Unlimited transcriptions",
      "Files up to 10 hours and 5GB",
    ]) {
      expect(main).toContain(figure);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "pricing-monthly");

    // A radio group: the keyboard picks Yearly too.
    await page.getByRole("radio", { name: "Monthly" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.getByRole("radio", { name: "Yearly" }).isChecked()).toBe(true);
    await pro.getByText("$15.20").waitFor();
    expect(await pro.textContent()).toContain("$182.40 billed yearly");
    await screenshot(page, "pricing-yearly");

    await page.getByRole("radio", { name: "Monthly" }).check({ force: true });
    await pro.getByText("$19.00").waitFor();
    await page.setViewportSize(PHONE);
    // Fresh layout at phone size (axe scrolls things while it checks contrast).
    await page.reload();
    await pro.getByText("$19.00").waitFor();
    expect(await fitsPhone(page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "pricing-phone");
    await ctx.close();
  });
});

describe("subscription", () => {
  it("shows FREE as the current plan, with paid plans not selectable while the server has no payments configured", async () => {
    const ctx = await clientContext();
    await registerViaApi(ctx);
    const page = await newPage(ctx);
    await subscriptionIs(page, { plan: "FREE", status: "active", prices: null });
    await page.goto("/subscription");
    await page.getByText("Current plan", { exact: true }).waitFor();
    const current = page.locator("main").getByText("Current plan", { exact: true }).locator("..");
    expect(await current.textContent()).toContain("Free");
    const free = page.getByRole("group", { name: "Free" });
    expect(await free.getByRole("button", { name: "Current Plan" }).isDisabled()).toBe(true);
    for (const plan of ["Pro Monthly", "Pro Annual"]) {
      const card = page.getByRole("group", { name: plan });
      const select = card.getByRole("button", { name: "Select" });
      expect(await select.isDisabled()).toBe(true);
      // The note is the button's description, so a screen reader says why.
      expect(await select.getAttribute("aria-describedby")).toBeTruthy();
      expect(await card.textContent()).toContain("Payments are not configured on this server.");
    }
    expect(await page.getByTestId("plan-usage").textContent()).toBe("0 of 3 free transcriptions used this month");
    expect(await page.getByRole("group", { name: "Pro Monthly" }).textContent()).toContain("Most popular");
    expect(await page.getByRole("group", { name: "Pro Monthly" }).textContent()).toContain("$19.00");
    expect(await page.getByRole("group", { name: "Pro Annual" }).textContent()).toContain("$182.40");
    expect(await page.getByRole("button", { name: "Subscribe Now" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Manage Subscription" }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "subscription");

    await page.setViewportSize(PHONE);
    // Fresh layout at phone size (axe scrolls things while it checks contrast).
    await page.reload();
    await free.waitFor();
    expect(await fitsPhone(page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "subscription-phone");
    await ctx.close();
  });

  it("an active Pro plan reads 'Already Subscribed' and offers Manage Subscription; an inactive one says so", async () => {
    const ctx = await clientContext();
    await registerViaApi(ctx);
    const page = await newPage(ctx);
    await subscriptionIs(page, { plan: "PRO", status: "active" });
    await page.goto("/subscription");
    await page.getByRole("button", { name: "Manage Subscription" }).waitFor();
    const already = page.getByRole("button", { name: "Already Subscribed" });
    expect(await already.count()).toBe(2);
    expect(await already.first().isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Current Plan" }).count()).toBe(0);
    await screenshot(page, "subscription-pro");

    await page.unroute("**/api/subscription");
    await subscriptionIs(page, { plan: "PRO", status: "past_due" });
    await page.reload();
    await page.getByText("Your subscription is not active").waitFor();
    expect(await page.getByRole("button", { name: "Manage Subscription" }).count()).toBe(0);
    await ctx.close();
  });

  it("says when the subscription cannot be loaded", async () => {
    const ctx = await clientContext();
    await registerViaApi(ctx);
    const page = await newPage(ctx);
    allowPageErrors(/HTTP 500 for GET \S+\/api\/subscription$/); // the failure this test shows
    await page.route("**/api/subscription", (route) => route.fulfill({ status: 500, json: { message: "boom" } }));
    await page.goto("/subscription");
    await page.getByText("Failed to fetch subscription data").waitFor();
    await ctx.close();
  });
});

describe("payment success page", () => {
  it("polls until the plan is active, then says so with a toast", async () => {
    const ctx = await clientContext();
    await registerViaApi(ctx);
    const page = await newPage(ctx);
    await subscriptionIs(page, { plan: "FREE", status: "active" }, { plan: "PRO", status: "active" });
    await page.goto("/subscription/success?session_id=cs_test_e2e");
    await page.getByRole("heading", { name: "Payment Successful" }).waitFor();
    await page.getByText("Your payment was successful. Your subscription will be activated shortly.").waitFor();
    // The next poll (3 s later) sees the active plan.
    await page.getByText(/^Your Pro subscription is now active/).waitFor({ timeout: 10_000 });
    await toast(page).filter({ hasText: "Subscription activated" }).waitFor();
    expect(await page.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href")).toBe("/dashboard");
    expect(await page.getByRole("link", { name: "Upload a File" }).getAttribute("href")).toBe("/upload");
    expect(await page.getByText("Reference: cs_test_e2e").count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "subscription-success");
    await ctx.close();
  });

  it("does not poll without a session id", async () => {
    const ctx = await clientContext();
    await registerViaApi(ctx);
    const page = await newPage(ctx);
    let calls = 0;
    await page.route("**/api/subscription", (route) => {
      calls++;
      return route.fulfill({ json: { plan: "FREE", status: "active", usage: { used: 0, limit: 3 }, prices: PRICES } });
    });
    // On a fake clock the test moves on: a minute of the page's time, in no real time, brings no poll.
    await page.clock.install();
    await page.goto("/subscription/success");
    await page.getByText("Your payment was successful. Your subscription will be activated shortly.").waitFor();
    await runClock(page, 60_000);
    expect(calls).toBe(1);
    await ctx.close();
  });
});
