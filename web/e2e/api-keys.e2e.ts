import { request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerViaApi } from "./support/api";
import { seriousViolations } from "./support/axe";
import { newPage, screenshot } from "./support/browser";
import { BASE_URL } from "./support/env";
import { clientContext } from "./support/session";

// Settings › API as a user meets it: a key is created and shown once, a script uses it (no cookie, no Origin),
// and once revoked it stops working at once. The rules behind it are tested in worker/src/auth/api-key.test.ts.

describe("API keys in Settings", () => {
  it("creates a key shown once, which a script can use until it is revoked", async () => {
    const ctx = await clientContext();
    await registerViaApi(ctx);
    const page = await newPage(ctx);
    await page.goto("/settings");
    await page.getByRole("tab", { name: "API" }).click();
    await page.getByText("No API keys yet.").waitFor();

    await page.getByLabel("Name", { exact: true }).fill("Meeting bot");
    await page.getByLabel("Expires").selectOption("30");
    await page.getByRole("button", { name: "Create key" }).click();
    const shown = page.getByTestId("new-api-key");
    await shown.waitFor();
    const key = (await shown.textContent()) ?? "";
    expect(key).toMatch(/^vbt_/);
    const list = page.getByRole("list", { name: "Your API keys" });
    await list.getByText("Meeting bot").waitFor();
    await list.getByText("transcriptions:read").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "settings-api-key-created");
    await page.getByRole("button", { name: "Done" }).click();
    expect(await page.getByTestId("new-api-key").count()).toBe(0);

    // A script: its own HTTP client, with only the key.
    const script = await request.newContext({ baseURL: BASE_URL });
    const headers = { Authorization: `Bearer ${key}` };
    expect((await script.get("/api/transcriptions", { headers })).status()).toBe(200);
    expect((await script.get("/api/user", { headers })).status()).toBe(403);

    await page.reload();
    await page.getByRole("tab", { name: "API" }).click();
    await list.getByText(/last used/).waitFor();
    await list.getByRole("button", { name: "Revoke Meeting bot" }).click();
    await list.getByRole("button", { name: "Revoke", exact: true }).click();
    await page.getByText("No API keys yet.").waitFor();
    expect((await script.get("/api/transcriptions", { headers })).status()).toBe(401);
    await script.dispose();
    await ctx.close();
  });
});
