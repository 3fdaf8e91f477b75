import { publicUserSchema } from "@verbatim/shared/user";
import { describe, expect, it } from "vitest";
import { readJson, registerViaApi, uploadViaApi } from "./support/api";
import { newContext, newPage, screenshot, toast } from "./support/browser";
import { JFK_MP3 } from "./support/env";
import { postSignedEvent } from "./support/stripe";

// The whole paid path against the started app, whose Stripe API is stripe-mock (scripts/test.mjs): Checkout
// and the portal are Stripe's own pages, so the browser's navigation to them is caught and answered here.

describe("paying for Pro", () => {
  it("pricing → Subscription → Checkout (stripe-mock's URL); a signed webhook turns the success page PRO; the portal opens", async () => {
    const context = await newContext();
    await registerViaApi(context);
    const me = await readJson(await context.request.get("/api/user"), publicUserSchema);
    const page = await newPage(context);
    const stripePages: string[] = [];
    await page.route(/^https:\/\/[^/]*stripe\.(com|me)\//, (route) => {
      stripePages.push(route.request().url());
      return route.fulfill({ contentType: "text/html", body: "<title>Stripe</title><main><h1>Stripe</h1></main>" });
    });

    await page.goto("/pricing");
    await page.getByRole("radio", { name: "Monthly" }).focus();
    await page.keyboard.press("ArrowRight");
    await page.getByTestId("pro-price").getByText("$15.20").waitFor();
    await page.getByRole("link", { name: "Upgrade to Pro" }).click();
    await page.waitForURL(/\/subscription$/);

    const sidebarPromo = page.getByText("Unlock unlimited transcriptions and advanced AI features");
    await sidebarPromo.first().waitFor();
    expect(await page.getByTestId("plan-usage").textContent()).toBe("0 of 3 free transcriptions used this month");
    await page.getByRole("group", { name: "Pro Annual" }).getByRole("button", { name: "Select" }).click();
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    await page.waitForURL(/^https:\/\/checkout\.stripe\.com\/pay\//);
    expect(stripePages[0]).toMatch(/^https:\/\/checkout\.stripe\.com\/pay\/c\/cs_test_/);

    // Stripe sends the user back; the webhook may come later. The page polls until it does.
    await page.goto("/subscription/success?session_id=cs_test_e2e_flow");
    await page.getByText("Your payment was successful. Your subscription will be activated shortly.").waitFor();
    const result = await postSignedEvent("checkout.session.completed", {
      id: "cs_test_e2e_flow",
      object: "checkout.session",
      mode: "subscription",
      client_reference_id: me.id,
      customer: null,
      subscription: "sub_e2e_flow",
    });
    expect(result.outcome).toBe("applied");
    // One poll (3 s) later.
    await page.getByText(/^Your Pro subscription is now active/).waitFor({ timeout: 8000 });
    await toast(page).filter({ hasText: "Subscription activated" }).waitFor();
    await screenshot(page, "billing-success-pro");

    await page.goto("/subscription");
    await page.getByRole("button", { name: "Manage Subscription" }).waitFor();
    expect(await page.getByTestId("plan-usage").count()).toBe(0);
    expect(await sidebarPromo.count()).toBe(0);
    await page.getByRole("button", { name: "Manage Subscription" }).click();
    await page.waitForURL((url) => url.hostname.endsWith("stripe.me"));
    expect(stripePages.at(-1)).toMatch(/customer_portal/);
    await context.close();
  });

  it("a Free account at its limit sees why the upload was refused and where to upgrade", async () => {
    const context = await newContext();
    await registerViaApi(context);
    for (let i = 0; i < 3; i++) await uploadViaApi(context, JFK_MP3);
    const page = await newPage(context);
    await page.goto("/upload");
    const usage = page.getByTestId("plan-usage");
    await usage.getByText("3 of 3 free transcriptions used this month").waitFor();
    await usage.getByRole("link", { name: "Upgrade to Pro for unlimited transcriptions" }).waitFor();

    // Said before a submit that would be refused: the submit is off, with the way out as a real link.
    await page.getByTestId("file-input").setInputFiles(JFK_MP3);
    const limits = page.getByTestId("plan-limits");
    await limits.getByText(/^This month's 3 free transcriptions are used up/).waitFor();
    expect(await limits.getByRole("link", { name: "Upgrade to Pro" }).getAttribute("href")).toBe("/subscription");
    expect(await page.getByRole("button", { name: "Upload & Transcribe" }).isDisabled()).toBe(true);
    expect((await (await context.request.get("/api/transcriptions")).json()).length).toBe(3);
    await screenshot(page, "upload-free-limit");
    await usage.getByRole("link", { name: "Upgrade to Pro for unlimited transcriptions" }).click();
    await page.waitForURL(/\/subscription$/);
    await context.close();
  });
});
