import { describe, expect, it } from "vitest";
import { registerViaApi, uniqueUser } from "./support/api";
import { newPage, toast } from "./support/browser";
import { BASE_URL } from "./support/env";
import { linkFromMail } from "./support/mailpit";
import { clientContext, logIn } from "./support/session";

// E-mail end to end: the links come from the app's real mail server (Mailpit), read through its API.

describe("e-mail links", () => {
  it("sign up → the banner → the confirmation link from the e-mail → confirmed", async () => {
    const context = await clientContext();
    const page = await newPage(context);
    const user = uniqueUser("verify");
    await page.goto("/register");
    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByLabel("Confirm Password").fill(user.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${BASE_URL}/dashboard`);
    const banner = page.getByTestId("verify-banner");
    await banner.getByText(`Please confirm your e-mail address, ${user.email}`).waitFor();

    const link = await linkFromMail(user.email, /Confirm your e-mail address/, "/verify-email");
    expect(link.pathname).toBe("/verify-email");
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByTestId("verify-done").getByText("Your e-mail address is confirmed.").waitFor();
    await page.getByRole("link", { name: "Go to the dashboard" }).click();
    await page.waitForURL(`${BASE_URL}/dashboard`);
    await page.getByRole("heading", { name: "Transcriptions", level: 1 }).waitFor();
    expect(await banner.count()).toBe(0);
    await context.close();
  });

  it("forgot password → the reset link from the e-mail → a new password, signed in, old sessions ended", async () => {
    // Another browser that stays signed in with the old password: the reset must end its session.
    const other = await clientContext();
    const user = await registerViaApi(other, uniqueUser("reset"));
    expect((await other.request.get("/api/user")).status()).toBe(200);

    const context = await clientContext();
    const page = await newPage(context);
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL(`${BASE_URL}/forgot-password`);
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send the link" }).click();
    await page.getByTestId("forgot-sent").getByText(`If an account uses ${user.email}`).waitFor();

    const link = await linkFromMail(user.email, /Reset your Verbatim password/, "/reset-password");
    await page.goto(`${link.pathname}${link.search}`);
    const password = "a-brand-new-secret-9";
    await page.getByLabel("New password", { exact: true }).fill(password);
    await page.getByLabel("Confirm new password").fill(password);
    await page.getByRole("button", { name: "Save and log in" }).click();
    await page.waitForURL(`${BASE_URL}/dashboard`);
    await toast(page).filter({ hasText: "Password changed" }).waitFor();
    await page.getByRole("heading", { name: "Transcriptions", level: 1 }).waitFor();
    // The reset link proved the address: no banner.
    expect(await page.getByTestId("verify-banner").count()).toBe(0);

    // The other browser was signed out; the old password no longer works, the new one does.
    expect((await other.request.get("/api/session")).ok()).toBe(true);
    expect(await (await other.request.get("/api/session")).json()).toEqual({ user: null });
    const third = await clientContext();
    const thirdPage = await newPage(third);
    const old = await third.request.post("/api/login", { data: { username: user.username, password: user.password } });
    expect(old.status()).toBe(401);
    await logIn(thirdPage, user, password);
    await thirdPage.waitForURL(`${BASE_URL}/dashboard`);
    await Promise.all([other.close(), context.close(), third.close()]);
  });
});
