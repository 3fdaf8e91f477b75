import { invitationPreviewSchema, workspaceSchema } from "@verbatim/shared/workspaces";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { readJson, registerViaApi, type TestUser, uniqueUser, uploadViaApi, waitUntilFinished } from "./support/api";
import { seriousViolations } from "./support/axe";
import { newPage, screenshot, toast } from "./support/browser";
import { BASE_URL, JFK_MP3 } from "./support/env";
import { libraryTranscriptionIds } from "./support/idb";
import { linkFromMail } from "./support/mailpit";
import { clientContext } from "./support/session";

// Team workspaces as people use them (docs/architecture/workspaces.md): an owner makes a team and invites by e-mail,
// the invitee confirms their address and joins through the e-mailed link, the team's recordings are shared by role,
// and a removed member loses the team, its copies on their device included. The steps build on each other, so the
// tests run in order and share the accounts below.

interface Account {
  user: TestUser;
  id: string;
  context: BrowserContext;
  page: Page;
}

async function account(prefix: string): Promise<Account> {
  const context = await clientContext();
  const user = await registerViaApi(context, uniqueUser(prefix));
  const { id } = (await (await context.request.get("/api/user")).json()) as { id: string };
  return { user, id, context, page: await newPage(context) };
}

/** Confirms the account's address through the link of its confirmation e-mail, as its owner would. */
async function confirmAddress({ user, page }: Account) {
  const link = await linkFromMail(user.email, /Confirm your e-mail address/, "/verify-email");
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByTestId("verify-done").getByText("Your e-mail address is confirmed.").waitFor();
}

/** The path of the invitation link e-mailed to `email` into `team`. */
async function invitationLink(email: string, team: string) {
  const link = await linkFromMail(email, new RegExp(`invited you to ${team}`), "/invitations/");
  return link.pathname;
}

/** Stops a test at once when the one before it, whose team it works in, failed. */
function needs(value: string | undefined, what: string): asserts value is string {
  if (!value) throw new Error(`no ${what}: the test before this one failed`);
}

const switcher = (page: Page) => page.getByRole("region", { name: "Spaces" });

const team = `Research ${Date.now().toString(36)}`;
/** The team in a switcher (its name, then the caller's role). */
const teamButton = (page: Page, options: { pressed?: boolean } = {}) =>
  switcher(page).getByRole("button", { name: new RegExp(`^${team}`), ...options });
let owner: Account;
let member: Account;
let workspaceId: string | undefined;
let recordingId: string | undefined;

describe("team workspaces", () => {
  it("an owner creates a team from the switcher and invites by e-mail; the invitee confirms, accepts and is in", async () => {
    owner = await account("owner");
    member = await account("member");
    const { page } = owner;
    await page.goto("/dashboard");
    await switcher(page).getByRole("button", { name: "Create workspace" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a workspace" });
    await dialog.getByLabel("Workspace name").fill(team);
    await dialog.getByRole("button", { name: "Create" }).click();
    await toast(page)
      .filter({ hasText: `${team} is ready` })
      .waitFor();
    // The new team is the space the owner now works in.
    await teamButton(page, { pressed: true }).waitFor();

    await switcher(page)
      .getByRole("link", { name: `Settings of ${team}` })
      .click();
    await page.getByRole("heading", { name: team, level: 1 }).waitFor();
    workspaceId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
    const invite = page.getByRole("form", { name: "Invite someone" });
    await invite.getByLabel("E-mail address").fill(member.user.email);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await toast(page)
      .filter({ hasText: `Invitation sent to ${member.user.email}` })
      .waitFor();
    await page
      .getByRole("list", { name: "Open invitations" })
      .getByRole("button", { name: `Revoke ${member.user.email}` })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "workspace-settings");

    // The invitation is for a confirmed address: the invitee confirms theirs through its e-mail first.
    await confirmAddress(member);
    await member.page.goto(await invitationLink(member.user.email, team));
    await member.page.getByRole("heading", { name: `Join ${team}` }).waitFor();
    expect(await seriousViolations(member.page)).toEqual([]);
    await screenshot(member.page, "workspace-invitation");
    await member.page.getByRole("button", { name: "Accept invitation" }).click();
    await member.page.waitForURL(`${BASE_URL}/dashboard`);
    await teamButton(member.page, { pressed: true }).waitFor();
    // The owner's settings list them as a member now, the invitation used up.
    await page.reload();
    await page
      .getByRole("list", { name: "Members" })
      .getByRole("listitem")
      .filter({ hasText: member.user.email })
      .waitFor();
    await page.getByText("No open invitations.").waitFor();
  });

  it("a recording one member uploads into the team is renamed by another; a viewer reads it and may not edit", async () => {
    needs(workspaceId, "team");
    const { id } = await uploadViaApi(member.context, JFK_MP3, "audio/mpeg", workspaceId);
    recordingId = id;
    await waitUntilFinished(member.context, id);

    // The owner, working in the team, finds it in the list and renames it.
    const { page } = owner;
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Rename jfk.mp3" }).click();
    const dialog = page.getByRole("dialog", { name: "Rename Transcription" });
    await dialog.getByLabel("Name").fill("Inaugural address");
    await dialog.getByRole("button", { name: "Save" }).click();
    await toast(page).filter({ hasText: "Rename successful" }).waitFor();
    // The uploader sees the owner's name for it.
    await member.page.goto(`/transcription/${id}`);
    await member.page.getByRole("heading", { name: "Inaugural address" }).waitFor();
    await member.page.getByRole("button", { name: "Edit transcript" }).waitFor();

    // A viewer, invited through the API this time, confirmed and joined through the e-mailed link.
    const viewer = await account("viewer");
    const invited = await owner.context.request.post(`/api/workspaces/${workspaceId}/invitations`, {
      data: { email: viewer.user.email, role: "viewer" },
    });
    expect(invited.status()).toBe(201);
    await confirmAddress(viewer);
    const token = (await invitationLink(viewer.user.email, team)).split("/").at(-1);
    const preview = await readJson(
      await viewer.context.request.get(`/api/invitations/${token}`),
      invitationPreviewSchema,
    );
    expect(preview.role).toBe("viewer");
    const joined = await viewer.context.request.post(`/api/invitations/${token}/accept`);
    expect((await readJson(joined, workspaceSchema)).role).toBe("viewer");

    await viewer.page.goto(`/transcription/${id}`);
    await viewer.page.getByRole("heading", { name: "Inaugural address" }).waitFor();
    await viewer.page.getByText("your role in its workspace does not allow changes").waitFor();
    await viewer.page.getByRole("list", { name: "Full transcript" }).waitFor();
    expect(await viewer.page.getByRole("button", { name: "Edit transcript" }).count()).toBe(0);
    await viewer.page.goto("/dashboard");
    await teamButton(viewer.page).click();
    await viewer.page.getByRole("link", { name: "View Inaugural address" }).waitFor();
    expect(await viewer.page.getByRole("button", { name: "Rename Inaugural address" }).count()).toBe(0);
    expect(await viewer.page.getByRole("button", { name: "Delete Inaugural address" }).count()).toBe(0);

    // The server refuses the edit the screen does not offer.
    const edit = await viewer.context.request.patch(`/api/transcriptions/${id}/rename`, {
      data: { name: "Viewer was here" },
    });
    expect(edit.status()).toBe(403);
    await viewer.context.close();
  });

  it("a removed member loses the team: their next sync drops its copies, and the recording answers 404", async () => {
    needs(recordingId, "team recording");
    // The member's device holds the team's recording (synced with every space they have).
    await member.page.goto("/dashboard");
    await expect
      .poll(() => libraryTranscriptionIds(member.page, member.id), { timeout: 20_000 })
      .toContain(recordingId);

    const { page } = owner;
    await page.goto(`/workspaces/${workspaceId}`);
    const row = page
      .getByRole("list", { name: "Members" })
      .getByRole("listitem")
      .filter({ hasText: member.user.email });
    await row.getByRole("button", { name: `Remove ${member.user.username}` }).click();
    await toast(page)
      .filter({ hasText: `${member.user.username} was removed` })
      .waitFor();
    await row.waitFor({ state: "detached" });

    // The member's next sync (the app starts one when it opens) drops the team's copies and the team itself.
    await member.page.reload();
    await expect
      .poll(() => libraryTranscriptionIds(member.page, member.id), { timeout: 20_000 })
      .not.toContain(recordingId);
    // The switcher loses the team once the workspaces list is read again (the copy can go first: a space's sync
    // answering 404 drops its copies, then asks for the list), and Personal is the space.
    await expect.poll(() => teamButton(member.page).count(), { timeout: 20_000 }).toBe(0);
    await switcher(member.page).getByRole("button", { name: "Personal", pressed: true }).waitFor();
    expect((await member.context.request.get(`/api/transcriptions/${recordingId}`)).status()).toBe(404);
    await Promise.all([owner.context.close(), member.context.close()]);
  });
});
