import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerViaApi } from "./support/api";
import { seriousViolations } from "./support/axe";
import { allowPageErrors, newPage, PHONE, screenshot, toast } from "./support/browser";
import { BASE_URL } from "./support/env";
import { solidPng } from "./support/png";
import { clientContext, logIn, logOut } from "./support/session";

const openTab = (page: Page, name: string) => page.getByRole("tab", { name }).click();
/** Saves the open tab and waits for the server's answer (a toast from an earlier save may still be showing). */
const save = async (page: Page, toastTitle: string, button = "Save") => {
  const answered = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().includes("/api/user/"));
  await page.getByRole("tabpanel").getByRole("button", { name: button, exact: true }).click();
  expect((await answered).ok()).toBe(true);
  await toast(page).filter({ hasText: toastTitle }).waitFor();
};
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));
const switchState = (page: Page, name: string) => page.getByRole("switch", { name }).getAttribute("aria-checked");

describe("settings are really saved", () => {
  it("keeps theme, time zone, notifications, AI and profile across a reload and a new session", async () => {
    const ctx = await clientContext();
    const user = await registerViaApi(ctx);
    const page = await newPage(ctx);
    await page.goto("/settings");

    // General: the theme applies as soon as it is picked, before saving.
    expect(await page.getByRole("tab", { name: "General" }).getAttribute("aria-selected")).toBe("true");
    expect(await page.getByLabel("Theme").inputValue()).toBe("system");
    await page.getByLabel("Theme").selectOption("dark");
    expect(await isDark(page)).toBe(true);
    await save(page, "General settings saved");

    await openTab(page, "Timezone");
    expect(await switchState(page, "Auto-detect time zone")).toBe("true");
    expect(await page.getByLabel("Time zone", { exact: true }).isDisabled()).toBe(true);
    await page.getByRole("switch", { name: "Auto-detect time zone" }).click();
    await page.getByLabel("Time zone", { exact: true }).selectOption("Asia/Tokyo");
    await page.getByLabel("Date format").selectOption("YYYY-MM-DD");
    await page.getByLabel("Time format").selectOption("12h");
    await save(page, "Timezone settings saved");
    // The top-bar clock follows at once: Tokyo is GMT+9 all year, shown in 12-hour form.
    await page.getByTestId("clock").getByText("GMT+9 · Tokyo").waitFor();
    expect(await page.getByTestId("clock").locator("time").textContent()).toMatch(/^\d{2}:\d{2} [AP]M$/);

    await openTab(page, "Notifications");
    await page.getByRole("switch", { name: "New features" }).click();
    // Browser notifications subscribe this browser and save at once, apart from Save: push.e2e.ts.
    await save(page, "Notification settings saved");

    await openTab(page, "AI Assistant");
    await page.getByLabel("Default model").selectOption({ label: "Claude" });
    await page.getByLabel("Preferred language").selectOption("Swedish");
    await page.getByRole("switch", { name: "Topic detection" }).click();
    await save(page, "AI Assistant settings saved");

    await openTab(page, "Profile");
    await page.getByLabel("Full name").fill("Grace Hopper");
    await page.getByLabel("Company").fill("Navy");
    await save(page, "Profile updated", "Save Profile");
    // The shell shows the new name at once.
    await page.getByRole("button", { name: "Account menu for Grace Hopper" }).waitFor();

    const expectSaved = async (p: Page) => {
      await p.goto("/settings");
      expect(await p.getByLabel("Theme").inputValue()).toBe("dark");
      expect(await isDark(p)).toBe(true);
      await openTab(p, "Timezone");
      expect(await switchState(p, "Auto-detect time zone")).toBe("false");
      expect(await p.getByLabel("Time zone", { exact: true }).inputValue()).toBe("Asia/Tokyo");
      expect(await p.getByLabel("Date format").inputValue()).toBe("YYYY-MM-DD");
      expect(await p.getByLabel("Time format").inputValue()).toBe("12h");
      await openTab(p, "Notifications");
      // New features is opt-in (off by default): the click above turned it on.
      expect(await switchState(p, "New features")).toBe("true");
      // Off until this browser subscribes (push.e2e.ts), whatever the account's preference.
      expect(await switchState(p, "Browser notifications")).toBe("false");
      expect(await switchState(p, "Transcription complete")).toBe("true");
      await openTab(p, "AI Assistant");
      expect(await p.getByLabel("Default model").inputValue()).toBe("anthropic");
      expect(await p.getByLabel("Preferred language").inputValue()).toBe("Swedish");
      expect(await switchState(p, "Topic detection")).toBe("false");
      expect(await switchState(p, "Summary generation")).toBe("true");
      await openTab(p, "Profile");
      expect(await p.getByLabel("Full name").inputValue()).toBe("Grace Hopper");
      expect(await p.getByLabel("Company").inputValue()).toBe("Navy");
    };

    await page.reload();
    await expectSaved(page);
    await logOut(page);
    await ctx.close();

    // A new browser session: nothing in localStorage or the cache, only what the server kept.
    const fresh = await clientContext();
    const second = await newPage(fresh);
    await logIn(second, user);
    await second.waitForURL(`${BASE_URL}/dashboard`);
    await second.getByTestId("clock").getByText("GMT+9 · Tokyo").waitFor();
    // The saved theme reaches a new device as soon as the preferences load.
    await second.waitForFunction(() => document.documentElement.classList.contains("dark"));
    await expectSaved(second);
    await fresh.close();
  });

  it("applies the saved theme before the first paint, and System follows the device", async () => {
    // The service worker would serve the scripts past page.route; this test must be able to block them.
    const ctx = await clientContext({ colorScheme: "dark", serviceWorkers: "block" });
    await registerViaApi(ctx);
    const page = await newPage(ctx);
    await page.goto("/settings");
    // Default System on a dark device.
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    await page.getByLabel("Theme").selectOption("light");
    expect(await isDark(page)).toBe(false);
    await save(page, "General settings saved");

    await page.emulateMedia({ colorScheme: "light" });
    await page.getByLabel("Theme").selectOption("dark");
    await save(page, "General settings saved");
    // With the app's scripts blocked, only index.html's inline script can have set the class: no flash.
    allowPageErrors(/request failed: GET \S+\/assets\/\S+\.js net::ERR_FAILED$/); // blocked on purpose
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.reload();
    expect(await isDark(page)).toBe(true);
    await page.unroute(/\/assets\/.*\.js$/);

    await page.reload();
    await page.getByLabel("Theme").selectOption("system");
    await save(page, "General settings saved");
    expect(await isDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    await ctx.close();
  });

  it("a previewed theme is dropped when leaving without saving", async () => {
    const ctx = await clientContext({ colorScheme: "light" });
    await registerViaApi(ctx);
    const page = await newPage(ctx);
    await page.goto("/settings");
    await page.getByLabel("Theme").selectOption("dark");
    expect(await isDark(page)).toBe(true);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Transcripts" }).click();
    await page.getByRole("heading", { name: "Transcriptions", level: 1 }).waitFor();
    expect(await isDark(page)).toBe(false);
    await ctx.close();
  });

  it("opens on the tab saved under settingsTab, then forgets it", async () => {
    const ctx = await clientContext();
    await registerViaApi(ctx);
    const page = await newPage(ctx);
    await page.goto("/dashboard");
    await page.evaluate(() => localStorage.setItem("settingsTab", "account"));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
    await page.getByRole("heading", { name: "Danger zone" }).waitFor();
    expect(await page.getByRole("tab", { name: "Account" }).getAttribute("aria-selected")).toBe("true");
    expect(await page.evaluate(() => localStorage.getItem("settingsTab"))).toBeNull();
    await page.reload();
    expect(await page.getByRole("tab", { name: "General" }).getAttribute("aria-selected")).toBe("true");
    await ctx.close();
  });

  it("validates the profile form with the spec's messages", async () => {
    const ctx = await clientContext();
    await registerViaApi(ctx);
    const other = await registerViaApi(await clientContext());
    const page = await newPage(ctx);
    await page.goto("/settings");
    await openTab(page, "Profile");
    await page.getByLabel("Full name").fill("A");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.getByText("Name must be at least 2 characters").waitFor();
    await page.getByText("Invalid email address").waitFor();
    expect(await page.getByLabel("Full name").getAttribute("aria-invalid")).toBe("true");

    // Another account's e-mail: the server's message in the spec's 'Update Failed' toast.
    await page.getByLabel("Full name").fill("Alan Turing");
    await page.getByLabel("Email").fill(other.email);
    await page.getByRole("button", { name: "Save Profile" }).click();
    await toast(page).filter({ hasText: "Update Failed" }).waitFor();
    expect(await toast(page).textContent()).toContain("Email already registered");
    await ctx.close();
  });
});

describe("profile picture", () => {
  it("shows an uploaded photo at once, everywhere, and refuses other file types", async () => {
    const ctx = await clientContext();
    await registerViaApi(ctx);
    const page = await newPage(ctx);
    await page.goto("/settings");
    await openTab(page, "Profile");
    const input = page.getByTestId("profile-image-input");

    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await toast(page).filter({ hasText: "Invalid File Type" }).waitFor();
    expect(await toast(page).textContent()).toContain("Please upload a JPG, PNG, or GIF image.");

    await input.setInputFiles({ name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await toast(page).filter({ hasText: "File Too Large" }).waitFor();
    expect(await toast(page).textContent()).toContain("Image must be less than 5MB.");

    await input.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: solidPng(96, 96, [220, 38, 38]) });
    await toast(page).filter({ hasText: "Profile picture updated" }).waitFor();
    const photo = page.getByRole("tabpanel").locator("img");
    const src = (await photo.getAttribute("src")) ?? "";
    // The stored picture, with the cache-busting timestamp.
    expect(src).toMatch(/^\/api\/user\/profile-image\/[0-9a-f-]{36}\.png\?t=\d+$/);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[role="tabpanel"] img');
      return img?.complete && img.naturalWidth === 96;
    });
    // The top bar's avatar switched too, without a reload.
    const avatar = page.getByRole("button", { name: /^Account menu for / }).locator("img");
    expect((await avatar.getAttribute("src"))?.split("?")[0]).toBe(src.split("?")[0]);
    await screenshot(page, "settings-profile-photo");

    // A second photo replaces the first; the first one's address no longer answers.
    await input.setInputFiles({ name: "me2.png", mimeType: "image/png", buffer: solidPng(96, 96, [37, 99, 235]) });
    await page.waitForFunction((old) => !document.querySelector(`img[src^="${old}"]`), src.split("?")[0]);
    expect((await ctx.request.get(src.split("?")[0] as string)).status()).toBe(404);
    await ctx.close();
  });
});

describe("account", () => {
  it("changes the password: other sessions end, the old password stops working", async () => {
    const ctx = await clientContext();
    const user = await registerViaApi(ctx);
    const elsewhere = await clientContext();
    const login = await elsewhere.request.post("/api/login", {
      data: { username: user.username, password: user.password },
    });
    expect(login.ok()).toBe(true);

    const page = await newPage(ctx);
    await page.goto("/settings");
    await openTab(page, "Account");
    await page.getByLabel("Current password").fill("not-the-password");
    await page.getByLabel("New password", { exact: true }).fill("brand-new-pass");
    await page.getByLabel("Confirm new password").fill("brand-new-pass-typo");
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.getByText("Passwords don't match").waitFor();

    await page.getByLabel("Confirm new password").fill("brand-new-pass");
    await page.getByRole("button", { name: "Update Password" }).click();
    expect(await page.getByRole("tabpanel").getByRole("alert").textContent()).toBe("Current password is incorrect");

    await page.getByLabel("Current password").fill(user.password);
    await page.getByRole("button", { name: "Update Password" }).click();
    await toast(page).filter({ hasText: "Password updated" }).waitFor();
    // The form is emptied, this session stays, the other one is gone.
    expect(await page.getByLabel("Current password").inputValue()).toBe("");
    expect((await ctx.request.get("/api/user")).status()).toBe(200);
    expect((await elsewhere.request.get("/api/user")).status()).toBe(401);
    await elsewhere.close();

    await logOut(page);
    await logIn(page, user);
    await toast(page).filter({ hasText: "Login failed" }).waitFor();
    await logIn(page, user, "brand-new-pass");
    await page.waitForURL(`${BASE_URL}/dashboard`);
    await ctx.close();
  });

  it("shows the Google row as not connected", async () => {
    const ctx = await clientContext();
    await registerViaApi(ctx);
    const page = await newPage(ctx);
    await page.goto("/settings");
    await openTab(page, "Account");
    await page.getByText("Not connected").waitFor();
    expect(await page.getByRole("link", { name: "Connect" }).getAttribute("href")).toBe("/api/auth/google");
    await ctx.close();
  });

  it("deletes the account after the username is typed, and lands on /", async () => {
    const ctx = await clientContext();
    const user = await registerViaApi(ctx);
    const page = await newPage(ctx);
    await page.goto("/settings");
    await openTab(page, "Account");
    await page.getByRole("button", { name: "Delete Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Account" });
    const confirm = dialog.getByRole("button", { name: "Delete Account" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(`Type ${user.username} to confirm`).fill(user.username.toUpperCase());
    expect(await confirm.isDisabled()).toBe(true);
    await screenshot(page, "settings-delete-account");
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByLabel(`Type ${user.username} to confirm`).fill(user.username);
    await confirm.click();
    await page.waitForURL(`${BASE_URL}/`);
    await toast(page).filter({ hasText: "Account deleted" }).waitFor();
    await page.getByRole("link", { name: "Sign up" }).first().waitFor();
    expect((await ctx.request.get("/api/user")).status()).toBe(401);

    await logIn(page, user);
    await toast(page).filter({ hasText: "Login failed" }).waitFor();
    await ctx.close();
  });
});

describe("settings screens: accessibility, phones, screenshots", () => {
  it("has no serious axe violations on any tab, light and dark, and fits 375 px", async () => {
    const ctx = await clientContext();
    await registerViaApi(ctx);
    const page = await newPage(ctx);
    await page.goto("/settings");
    const tabs = [
      ["General", "general"],
      ["Profile", "profile"],
      ["Account", "account"],
      ["Timezone", "timezone"],
      ["Notifications", "notifications"],
      ["AI Assistant", "ai"],
    ] as const;
    for (const [name, slug] of tabs) {
      await openTab(page, name);
      await page.getByRole("tabpanel").getByRole("button").first().waitFor();
      expect(await seriousViolations(page), name).toEqual([]);
      await screenshot(page, `settings-${slug}`);
    }
    await openTab(page, "General");
    await page.getByLabel("Theme").selectOption("dark");
    await save(page, "General settings saved");
    for (const [name, slug] of tabs) {
      await openTab(page, name);
      await page.getByRole("tabpanel").getByRole("button").first().waitFor();
      expect(await seriousViolations(page), `${name}, dark`).toEqual([]);
      if (slug === "general" || slug === "account") await screenshot(page, `settings-${slug}-dark`);
    }
    await openTab(page, "General");
    await page.getByLabel("Theme").selectOption("light");
    await save(page, "General settings saved");

    await page.setViewportSize(PHONE);
    // Fresh layout at phone size (axe scrolls things while it checks contrast).
    await page.reload();
    for (const [name, slug] of [tabs[0], tabs[2]]) {
      await openTab(page, name);
      // Nothing wider than the phone, and the actions stack full width under 768 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      const button = await page.getByRole("tabpanel").getByRole("button").last().boundingBox();
      expect(button?.width).toBeGreaterThan(250);
      await screenshot(page, `settings-${slug}-phone`);
    }
    await ctx.close();
  });
});
