import { describe, expect, it } from "vitest";
import { registerViaApi, uniqueUser } from "./support/api";
import { newContext, newPage, screenshot, toast } from "./support/browser";
import { BASE_URL } from "./support/env";
import { persistedQueryHashes } from "./support/idb";

describe("sign up, stay signed in, log out", () => {
  it("lands on /dashboard after registering, survives a reload, and logs out to /", async () => {
    const context = await newContext();
    const page = await newPage(context);
    const user = uniqueUser("signup");

    await page.goto("/register");
    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByLabel("Confirm Password").fill(user.password);
    await page.getByRole("button", { name: "Create account" }).click();

    await page.waitForURL(`${BASE_URL}/dashboard`);
    await toast(page).filter({ hasText: "Registration successful" }).waitFor();
    expect(await toast(page).textContent()).toContain(`Welcome, ${user.username}`);
    await page.getByRole("heading", { name: "Transcriptions", level: 1 }).waitFor();
    await screenshot(page, "dashboard-empty");

    await page.reload();
    await page.getByRole("heading", { name: "No transcriptions yet" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    // Display name from the e-mail's local part, split on dots and capitalised.
    const id = user.email.split("@")[0]?.split(".")[1] ?? "";
    const menu = page.getByRole("button", {
      name: `Account menu for Signup ${id.charAt(0).toUpperCase()}${id.slice(1)}`,
      exact: true,
    });
    await menu.waitFor();

    // The session and the list are kept for offline use...
    await expect
      .poll(async () => (await persistedQueryHashes(page)).some((hash) => hash.includes("/api/transcriptions")), {
        timeout: 10_000,
      })
      .toBe(true);

    await menu.click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.waitForURL(`${BASE_URL}/`);
    await toast(page).filter({ hasText: "Logged out" }).waitFor();
    expect(await toast(page).textContent()).toContain("You have been successfully logged out.");
    await page.getByRole("link", { name: "Sign up" }).waitFor();
    // ...and forgotten on logout: nothing of the account stays on the device.
    expect(await persistedQueryHashes(page)).toEqual([]);

    // The session is gone on the server too: a protected page now asks to sign in.
    await page.goto("/dashboard");
    await page.waitForURL(/\/auth\?/);
    await context.close();
  });

  it("logs in with the right password only, showing the server's message otherwise", async () => {
    const setup = await newContext();
    const user = await registerViaApi(setup);
    await setup.close();

    const context = await newContext();
    const page = await newPage(context);
    await page.goto("/login");
    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Log in" }).click();
    // The server's message, in the toast and on the form.
    await toast(page).filter({ hasText: "Login failed" }).waitFor();
    expect(await toast(page).textContent()).toContain("Invalid username or password");
    expect(await page.locator("form [role=alert]").textContent()).toBe("Invalid username or password");
    expect(new URL(page.url()).pathname).toBe("/login");

    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${BASE_URL}/dashboard`);
    await toast(page).filter({ hasText: "Login successful" }).waitFor();
    expect(await toast(page).textContent()).toContain(`Welcome back, ${user.username}`);
    await context.close();
  });
});

describe("validation messages", () => {
  it("login: username and password minimums", async () => {
    const context = await newContext();
    const page = await newPage(context);
    await page.goto("/login");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByText("Username must be at least 3 characters").waitFor();
    await page.getByText("Password must be at least 6 characters").waitFor();
    await screenshot(page, "login-validation");

    // Messages go away as the fields are fixed.
    await page.getByLabel("Username").fill("abc");
    await page.getByLabel("Password").fill("123456");
    expect(await page.getByText("Username must be at least 3 characters").count()).toBe(0);
    expect(await page.getByText("Password must be at least 6 characters").count()).toBe(0);
    await context.close();
  });

  it("register: a taken username shows the server's message", async () => {
    const setup = await newContext();
    const taken = await registerViaApi(setup);
    await setup.close();
    const context = await newContext();
    const page = await newPage(context);
    await page.goto("/register");
    await page.getByLabel("Username").fill(taken.username);
    await page.getByLabel("Email").fill(uniqueUser().email);
    await page.getByLabel("Password", { exact: true }).fill(taken.password);
    await page.getByLabel("Confirm Password").fill(taken.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await toast(page).filter({ hasText: "Registration failed" }).waitFor();
    expect(await page.locator("form [role=alert]").textContent()).toBe("Username already exists");
    await context.close();
  });

  it("register: e-mail-like usernames, personal and common passwords are refused with clear messages", async () => {
    const context = await newContext();
    const page = await newPage(context);
    const user = uniqueUser();
    await page.goto("/register");
    await page.getByLabel("Username").fill(user.email);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.email);
    await page.getByLabel("Confirm Password").fill(user.email);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Username cannot be an email address").waitFor();
    await page.getByLabel("Username").fill(user.username);
    await page.getByText("Password must not be your username or email").waitFor();
    // The breach list is the server's: its answer shows in the form.
    await page.getByLabel("Password", { exact: true }).fill("password1");
    await page.getByLabel("Confirm Password").fill("password1");
    await page.getByRole("button", { name: "Create account" }).click();
    await toast(page).filter({ hasText: "Registration failed" }).waitFor();
    expect(await page.locator("form [role=alert]").textContent()).toBe(
      "This password is too common. Choose one that is harder to guess",
    );
    await context.close();
  });

  it("register: e-mail, minimums and matching confirmation", async () => {
    const context = await newContext();
    const page = await newPage(context);
    await page.goto("/register");
    await page.getByLabel("Username").fill("ab");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("12345");
    await page.getByLabel("Confirm Password").fill("123");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Username must be at least 3 characters").waitFor();
    await page.getByText("Please enter a valid email").waitFor();
    expect(await page.getByText("Password must be at least 6 characters").count()).toBe(2);

    await page.getByLabel("Username").fill("abc");
    await page.getByLabel("Email").fill("abc@example.com");
    await page.getByLabel("Password", { exact: true }).fill("123456");
    await page.getByLabel("Confirm Password").fill("654321");
    await page.getByText("Passwords don't match").waitFor();
    // The mismatch is reported on the confirmation field.
    const confirm = page.getByLabel("Confirm Password");
    expect(await confirm.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Password", { exact: true }).getAttribute("aria-invalid")).toBeNull();
    expect(new URL(page.url()).pathname).toBe("/register");
    await context.close();
  });

  it("/auth: two tabs with the same rules, registration on the second tab", async () => {
    const context = await newContext();
    const page = await newPage(context);
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Login" }).waitFor();
    expect(await page.getByRole("tab", { name: "Login" }).getAttribute("aria-selected")).toBe("true");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByText("Username must be at least 3 characters").waitFor();
    await screenshot(page, "auth-tabs");

    await page.getByRole("tab", { name: "Register" }).click();
    const user = uniqueUser("tabs");
    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByLabel("Confirm Password").fill(`${user.password}x`);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel("Confirm Password").fill(user.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${BASE_URL}/dashboard`);
    await context.close();
  });
});

describe("Google sign-in error codes on the auth pages", () => {
  it("toasts the code's message and removes the parameter from the address", async () => {
    const context = await newContext();
    const page = await newPage(context);
    await page.goto("/login?error=no_matching_account");
    await toast(page).filter({ hasText: "Authentication Error" }).waitFor();
    expect(await toast(page).textContent()).toContain("No matching account found. Please register first.");
    await page.waitForURL(`${BASE_URL}/login`);

    await page.goto("/register?error=something_else");
    await toast(page).filter({ hasText: "An error occurred during authentication." }).waitFor();
    await page.waitForURL(`${BASE_URL}/register`);
    await context.close();
  });

  it("offers the setup help for a redirect URI mismatch", async () => {
    const context = await newContext();
    const page = await newPage(context);
    await page.goto("/auth?error=redirect_uri_mismatch");
    await toast(page).filter({ hasText: "Google OAuth Configuration Error" }).waitFor();
    await page.waitForURL(`${BASE_URL}/auth`);
    await toast(page).getByRole("button", { name: "View setup help" }).click();
    await page.waitForURL(`${BASE_URL}/google-oauth-help`);
    await context.close();
  });

  it("the Google button is a full-page link to /api/auth/google (sign-in on /login, sign-up on /register)", async () => {
    const context = await newContext();
    const page = await newPage(context);
    await page.goto("/login");
    expect(await page.getByRole("link", { name: "Continue with Google" }).getAttribute("href")).toBe(
      "/api/auth/google?intent=login",
    );
    await page.goto("/register");
    expect(await page.getByRole("link", { name: "Sign up with Google" }).getAttribute("href")).toBe(
      "/api/auth/google?intent=signup",
    );
    await context.close();
  });
});
