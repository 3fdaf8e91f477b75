import { describe, expect, it } from "vitest";
import { registerViaApi } from "./support/api";
import { allowPageErrors, appStarted, newContext, newPage, PHONE, screenshot } from "./support/browser";
import { BASE_URL } from "./support/env";

describe("routes and redirects", () => {
  it("shows the not-found page for unknown paths", async () => {
    const context = await newContext();
    const page = await newPage(context);
    await page.goto("/no/such/page");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await page.getByText("There is no page at /no/such/page.").waitFor();
    expect(await page.locator("main").textContent()).not.toContain("router");
    await page.getByRole("link", { name: "See plans and pricing" }).waitFor();
    await screenshot(page, "not-found");
    await context.close();
  });

  it("gives a visitor's / drawn by the server, in the browser's language, with no app script", async () => {
    // Without JavaScript at all: the page, its links and its FAQ are there (worker/src/pages).
    const still = await newContext({ javaScriptEnabled: false, locale: "de-DE" });
    const plain = await newPage(still);
    await plain.goto("/");
    expect(await plain.getAttribute("html", "lang")).toBe("de");
    await plain.getByRole("heading", { level: 1, name: "Jedes Meeting, Wort für Wort transkribiert" }).waitFor();
    expect(await plain.title()).toBe("Verbatim · Meeting-Transkription");
    expect(await plain.getByRole("link", { name: "Registrieren" }).getAttribute("href")).toBe("/register");
    await still.close();

    // With it, the page loads only its own small script, and its links lead into the app.
    const context = await newContext();
    const page = await newPage(context);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.waitForLoadState("load");
    // Its own script (and the small chunk it shares with the app: vite.config.ts, "island"), not the app: index-*.js
    // and its chunks.
    expect(scripts.map((path) => path.replace(/-[\w-]{8}\.js$/, ""))).toEqual([
      "/theme.js",
      "/assets/landing-island",
      "/assets/island",
    ]);
    await page.getByRole("link", { name: "Sign up" }).click();
    await page.getByLabel("Username").waitFor();
    await context.close();
  });

  it("sends visitors from protected pages to /auth, and back after signing in", async () => {
    const setup = await newContext();
    const user = await registerViaApi(setup);
    await setup.close();

    const context = await newContext();
    const page = await newPage(context);
    for (const path of ["/dashboard", "/upload", "/transcription/abc", "/settings"]) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === "/auth");
      expect(new URL(page.url()).searchParams.get("redirect")).toBe(path);
    }
    // The visitor's / is the landing page, not the list.
    await page.goto("/");
    await page.getByRole("link", { name: "Sign up" }).waitFor();
    expect(await page.getByRole("heading", { name: "Transcriptions" }).count()).toBe(0);

    await page.goto("/upload");
    await page.waitForURL((url) => url.pathname === "/auth");
    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${BASE_URL}/upload`);
    await page.getByRole("heading", { name: "Upload Audio or Video" }).waitFor();
    await context.close();
  });

  it("signed out: no request answers 401, Upgrade to Pro signs in first, and /robots.txt is a robots file", async () => {
    const context = await newContext();
    const page = await newPage(context);
    const refused: string[] = [];
    page.on("response", (r) => {
      if (r.status() >= 400) refused.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    for (const path of ["/", "/pricing", "/login", "/register", "/auth"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.waitForLoadState("networkidle");
    }
    expect(refused).toEqual([]);

    // /auth shares the app's layout: its promo leads to the public plans, not to a page that needs a session.
    await page.getByRole("link", { name: "View Plans" }).click();
    await page.waitForURL(`${BASE_URL}/pricing`);
    await page.getByRole("link", { name: "Upgrade to Pro" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/subscription");

    const robots = await context.request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(robots.headers()["content-type"]).toContain("text/plain");
    const rules = await robots.text();
    expect(rules).toContain("User-agent: *");
    expect(rules).toContain("Allow: /");
    expect(rules).toContain("Disallow: /api/");
    expect(rules).not.toContain("<html");
    await context.close();
  });

  it("sends a signed-in user from /login and /register to /dashboard, and shows the list at /", async () => {
    const context = await newContext();
    await registerViaApi(context);
    const page = await newPage(context);
    for (const path of ["/login", "/register"]) {
      await page.goto(path);
      await page.waitForURL(`${BASE_URL}/dashboard`);
    }
    await page.goto("/");
    await page.getByRole("heading", { name: "Recent Transcriptions" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await context.close();
  });

  it("opens a signed-in /dashboard with its session check preloaded, and asks for it only once", async () => {
    // worker/src/pages/app-page.ts: the preload is made as the API client asks, so the app's own request is
    // answered by it. A mismatch (credentials, URL) would show as a second request.
    const context = await newContext();
    await registerViaApi(context);
    const page = await newPage(context);
    const sessionChecks: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/session") sessionChecks.push(request.url());
    });
    const response = await page.goto("/dashboard");
    expect(response?.headers().link).toContain("</api/session>; rel=preload");
    // The heading is in the page's HTML; the empty list's hint is the app's own, drawn after its session check.
    await page.getByText("Get started by uploading an audio or video file.").waitFor();
    await page.waitForLoadState("load");
    expect(sessionChecks).toHaveLength(1);
    await context.close();
  });
  it("draws a signed-in page's layout and heading into its HTML, in the language the app keeps in a cookie", async () => {
    // worker/src/pages/app-page.ts, src/prerender/app-shell.tsx: the page paints before any script runs.
    const context = await newContext();
    await registerViaApi(context);
    const page = await newPage(context);
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Recent Transcriptions" }).waitFor();
    // The app keeps the interface's language in a cookie for the Worker (lib/i18n/store.ts), once it has started:
    // the heading above is already in the page's HTML.
    await appStarted(page);
    const kept = (await context.cookies()).find((cookie) => cookie.name === "verbatim_lang");
    expect(kept?.value).toBe("en");
    expect(kept?.httpOnly).toBe(false);
    // Without the app's code, the page is already there, in the cookie's language. A new browser context: in this
    // one the service worker now answers navigations with its own plain shell.
    const fresh = await newContext();
    await fresh.addCookies([
      ...(await context.cookies()).filter((cookie) => cookie.name !== "verbatim_lang"),
      { name: "verbatim_lang", value: "de", url: BASE_URL },
    ]);
    await context.close();
    const still = await newPage(fresh);
    allowPageErrors(/\.js net::ERR_FAILED$/);
    await still.route("**/*.js", (route) => route.abort());
    await still.goto("/dashboard");
    expect(await still.getAttribute("html", "lang")).toBe("de");
    await still.getByRole("heading", { level: 1, name: "Transkriptionen" }).waitFor();
    await still.getByRole("navigation", { name: "Hauptnavigation" }).waitFor();
    await fresh.close();
  });
});

describe("app shell", () => {
  it("navigation order, active entry, logo, promo, footer", async () => {
    const context = await newContext();
    await registerViaApi(context);
    const page = await newPage(context);
    await page.goto("/dashboard");
    // The layout is measured as the app draws it, not its prerendered copy.
    await appStarted(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.waitFor();
    expect(await nav.getByRole("link").allTextContents()).toEqual([
      "Calendar",
      "Transcripts",
      "Integrations",
      "Settings",
      "Subscription",
    ]);
    expect(await nav.getByRole("link", { name: "Transcripts" }).getAttribute("aria-current")).toBe("page");
    expect(await nav.getByRole("link", { name: "Calendar" }).getAttribute("aria-current")).toBeNull();
    // 15rem wide at the default 16px root size.
    const aside = await page.locator("aside").boundingBox();
    expect(aside?.width).toBe(240);

    await page.getByRole("link", { name: "View Plans" }).click();
    await page.waitForURL(`${BASE_URL}/subscription`);
    expect(await nav.getByRole("link", { name: "Subscription" }).getAttribute("aria-current")).toBe("page");
    await page.getByText("Unlock unlimited transcriptions and advanced AI features").waitFor();

    await page.getByRole("link", { name: /Verbatim – go to your transcripts/ }).click();
    await page.waitForURL(`${BASE_URL}/dashboard`);
    const footer = await page.locator("footer").textContent();
    expect(footer).toContain(`© ${new Date().getFullYear()}`);
    expect(footer).toContain("All rights reserved");
    expect(footer).toContain("Verbatim");
    await context.close();
  });

  it("the clock shows HH:MM in the user's zone with its GMT offset and city", async () => {
    const context = await newContext({ timezoneId: "Asia/Tokyo" });
    await registerViaApi(context);
    const page = await newPage(context);
    await page.goto("/dashboard");
    const clock = page.getByTestId("clock");
    await clock.waitFor();
    // New accounts auto-detect the zone: the browser's (Asia/Tokyo, GMT+9 all year).
    await clock.getByText("GMT+9 · Tokyo").waitFor();
    const shown = (await clock.locator("time").textContent()) ?? "";
    expect(shown).toMatch(/^\d{2}:\d{2}$/);
    const tokyo = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Tokyo", hour: "2-digit", minute: "2-digit" });
    const now = Date.now();
    // The minute may turn between reading the page and computing the expectation.
    expect([tokyo.format(now), tokyo.format(now - 60_000)]).toContain(shown);

    // A zone saved in settings (auto-detect off) wins over the browser's.
    const saved = await context.request.put("/api/user/preferences", {
      data: { timezone: { timezone: "America/New_York", autoDetect: false, timeFormat: "24h" } },
    });
    expect(saved.ok()).toBe(true);
    await page.reload();
    await clock.getByText(/GMT-[45] · New York/).waitFor();
    await context.close();
  });

  it("user menu: name, e-mail, Profile opens settings on the profile tab", async () => {
    const context = await newContext();
    const user = await registerViaApi(context);
    const page = await newPage(context);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: /^Account menu for / }).click();
    const menu = page.getByRole("menu");
    await menu.getByText(user.email).waitFor();
    await screenshot(page, "user-menu");
    await menu.getByRole("menuitem", { name: "Profile" }).click();
    await page.waitForURL(`${BASE_URL}/settings`);
    // Profile saved settingsTab=profile; settings opens on that tab (and then forgets the key).
    await page.waitForFunction(
      () => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent?.trim() === "Profile",
    );
    await context.close();
  });

  it("on a phone, the navigation opens from the top bar and closes after choosing", async () => {
    const context = await newContext({ viewport: PHONE });
    await registerViaApi(context);
    const page = await newPage(context);
    await page.goto("/dashboard");
    expect(await page.locator("aside").isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open navigation" }).click();
    const drawer = page.getByRole("dialog", { name: "Navigation" });
    await drawer.getByRole("link", { name: "Integrations" }).click();
    await page.waitForURL(`${BASE_URL}/integrations`);
    expect(await drawer.isVisible()).toBe(false);
    await context.close();
  });

  it("menus and dialogs work from the keyboard", async () => {
    const context = await newContext();
    await registerViaApi(context);
    const page = await newPage(context);
    await page.goto("/dashboard");
    const trigger = page.getByRole("button", { name: /^Account menu for / });
    await trigger.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor();
    // Focus moves into the menu; arrows move between items; Esc closes and returns focus.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Profile");
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Log out");
    await page.keyboard.press("Escape");
    expect(await page.getByRole("menu").count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-haspopup"))).toBe("menu");
    await context.close();
  });
});
