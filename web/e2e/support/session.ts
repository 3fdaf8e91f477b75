import type { Page } from "playwright-core";
import type { TestUser } from "./api";
import { newContext, toast } from "./browser";
import { BASE_URL } from "./env";

const octet = () => Math.floor(Math.random() * 254) + 1;

/**
 * A context that is its own client address. The sign-in lockout counts failures per address for 15 minutes;
 * tests that fail sign-ins on purpose would otherwise lock every later run (and every other suite) out.
 */
export function clientContext(options: Parameters<typeof newContext>[0] = {}) {
  return newContext({
    ...options,
    extraHTTPHeaders: { "CF-Connecting-IP": `10.${octet()}.${octet()}.${octet()}`, ...options.extraHTTPHeaders },
  });
}

export async function logIn(page: Page, user: TestUser, password = user.password) {
  await page.goto("/login");
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

export async function logOut(page: Page) {
  await page.getByRole("button", { name: /^Account menu for / }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await page.waitForURL(`${BASE_URL}/`);
  // Shown once the signed-out state is also saved offline; leaving earlier could bring the old user back.
  await toast(page).filter({ hasText: "Logged out" }).waitFor();
}
