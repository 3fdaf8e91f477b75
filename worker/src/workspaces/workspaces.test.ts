import { env } from "cloudflare:test";
import { syncPageSchema, transcriptDocSchema, transcriptionSchema, transcriptVersionsSchema } from "@verbatim/shared";
import {
  invitationPreviewSchema,
  workspaceDetailSchema,
  workspaceInvitationSchema,
  workspaceListSchema,
  workspaceSchema,
} from "@verbatim/shared/workspaces";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { api, errorMessage, makePro, readJson, signUp } from "../../test/http";
import { linkIn, waitForMail } from "../../test/mailpit";
import { testFile, upload } from "../../test/transcriptions";
import { seedTeamTranscription, teamWithRoles } from "../../test/workspaces";
import { createDb } from "../db/client";
import { users, workspaceInvitations } from "../db/schema";
import { reserveSlot } from "../store/plan-usage";

const confirmEmail = (userId: string) =>
  createDb(env.DB).update(users).set({ emailVerifiedAt: new Date().toISOString() }).where(eq(users.id, userId));

async function invite(cookie: string, workspaceId: string, email: string, role = "member") {
  const res = await api(`/api/workspaces/${workspaceId}/invitations`, {
    method: "POST",
    cookie,
    json: { email, role },
  });
  expect(res.status).toBe(201);
  return readJson(res, workspaceInvitationSchema);
}

const tokenOf = async (email: string, count = 1) =>
  linkIn(await waitForMail(email, { subject: /invited you/, count }), "/invitations/")
    .pathname.split("/")
    .pop() ?? "";

const accept = (cookie: string, token: string) => api(`/api/invitations/${token}/accept`, { method: "POST", cookie });

describe("team workspaces", () => {
  it("let two accounts see and edit the same transcript, and keep a viewer read-only", async () => {
    const { workspace, people } = await teamWithRoles();
    const id = await seedTeamTranscription(people.owner.user.id, workspace.id);
    // The member renames it, the owner sees the new name in the team's list; the viewer cannot rename.
    const renamed = await api(`/api/transcriptions/${id}/rename`, {
      method: "PATCH",
      cookie: people.member.cookie,
      json: { name: "Renamed by the member" },
    });
    expect(renamed.status).toBe(200);
    const list = await readJson(
      await api(`/api/transcriptions?space=${workspace.id}`, { cookie: people.owner.cookie }),
      transcriptionSchema.array(),
    );
    expect(list.map((t) => [t.id, t.name, t.workspace_id])).toEqual([[id, "Renamed by the member", workspace.id]]);
    const refused = await api(`/api/transcriptions/${id}/rename`, {
      method: "PATCH",
      cookie: people.viewer.cookie,
      json: { name: "Viewer's name" },
    });
    expect(refused.status).toBe(403);
    expect(await errorMessage(refused)).toBe("Your role in this workspace (viewer) does not allow this");
    // Not in anyone's personal list.
    expect(await (await api("/api/transcriptions", { cookie: people.owner.cookie })).json()).toEqual([]);
    // Search finds it in the team's space only.
    const hits = (await (
      await api(`/api/search?q=renamed&space=${workspace.id}`, { cookie: people.viewer.cookie })
    ).json()) as { total: number };
    expect(hits.total).toBe(1);
    const mine = (await (await api("/api/search?q=renamed", { cookie: people.viewer.cookie })).json()) as {
      total: number;
    };
    expect(mine.total).toBe(0);
  });

  it("give two members editing at once the 409 a second tab gets, and name who saved", async () => {
    const { workspace, people } = await teamWithRoles();
    const id = await seedTeamTranscription(people.owner.user.id, workspace.id);
    const doc = await readJson(
      await api(`/api/transcriptions/${id}/segments`, { cookie: people.member.cookie }),
      transcriptDocSchema,
    );
    const save = (cookie: string, text: string) =>
      api(`/api/transcriptions/${id}/transcript`, {
        method: "PUT",
        cookie,
        json: {
          baseVersion: doc.version ?? 0,
          segments: doc.segments.map((s, i) => (i === 0 ? { ...s, text, words: undefined } : s)),
          speakers: doc.speakers ?? [],
        },
      });
    const answers = await Promise.all([
      save(people.member.cookie, "The member's edit."),
      save(people.admin.cookie, "The admin's edit."),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = answers[0]?.status === 200 ? people.member : people.admin;
    const history = await readJson(
      await api(`/api/transcriptions/${id}/transcript/versions`, { cookie: people.viewer.cookie }),
      transcriptVersionsSchema,
    );
    expect(history.versions.at(0)?.author?.id).toBe(winner.user.id);
  });

  it("invite by e-mail: a hashed, single-use token for the invited, confirmed address only", async () => {
    const owner = await signUp();
    const made = await api("/api/workspaces", { method: "POST", cookie: owner.cookie, json: { name: "Sales" } });
    const workspace = await readJson(made, workspaceSchema);
    const dana = await signUp();
    const sent = await invite(owner.cookie, workspace.id, dana.user.email, "viewer");
    const token = await tokenOf(dana.user.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await createDb(env.DB).query.workspaceInvitations.findFirst({
      where: eq(workspaceInvitations.id, sent.id),
    });
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);

    // Anyone holding the link sees what it is for.
    const preview = await readJson(await api(`/api/invitations/${token}`), invitationPreviewSchema);
    expect(preview).toMatchObject({ workspaceName: "Sales", email: dana.user.email, role: "viewer" });
    // Another account, and the right one before its address is confirmed, are refused.
    const other = await signUp();
    await confirmEmail(other.user.id);
    expect((await accept(other.cookie, token)).status).toBe(403);
    const unconfirmed = await accept(dana.cookie, token);
    expect(unconfirmed.status).toBe(403);
    expect(await errorMessage(unconfirmed)).toMatch(/Confirm your e-mail address/);
    await confirmEmail(dana.user.id);
    const joined = await accept(dana.cookie, token);
    expect(joined.status).toBe(200);
    expect((await readJson(joined, workspaceSchema)).role).toBe("viewer");
    // Used once.
    expect((await accept(dana.cookie, token)).status).toBe(404);
    expect((await api(`/api/invitations/${token}`)).status).toBe(404);
    const mine = await readJson(await api("/api/workspaces", { cookie: dana.cookie }), workspaceListSchema);
    expect(mine.workspaces.map((w) => [w.name, w.role, w.memberCount])).toEqual([["Sales", "viewer", 2]]);
  });

  it("re-sent, revoked and expired invitations stop their old links", async () => {
    const owner = await signUp();
    const workspace = await readJson(
      await api("/api/workspaces", { method: "POST", cookie: owner.cookie, json: { name: "Ops" } }),
      workspaceSchema,
    );
    const email = `guest${Date.now()}@example.com`;
    const sent = await invite(owner.cookie, workspace.id, email);
    const first = await tokenOf(email);
    const resent = await api(`/api/workspaces/${workspace.id}/invitations/${sent.id}/resend`, {
      method: "POST",
      cookie: owner.cookie,
    });
    expect(resent.status).toBe(200);
    const second = await tokenOf(email, 2);
    expect(second).not.toBe(first);
    expect((await api(`/api/invitations/${first}`)).status).toBe(404);
    expect((await api(`/api/invitations/${second}`)).status).toBe(200);
    // Expired: 404.
    await createDb(env.DB)
      .update(workspaceInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(workspaceInvitations.id, sent.id));
    expect((await api(`/api/invitations/${second}`)).status).toBe(404);
    // Revoked: gone from the list.
    const revoked = await api(`/api/workspaces/${workspace.id}/invitations/${sent.id}`, {
      method: "DELETE",
      cookie: owner.cookie,
    });
    expect(revoked.status).toBe(200);
    const detail = await readJson(
      await api(`/api/workspaces/${workspace.id}`, { cookie: owner.cookie }),
      workspaceDetailSchema,
    );
    expect(detail.invitations).toEqual([]);
  });

  it("end a removed member's access at once, their device's sync of the space included", async () => {
    const { workspace, people } = await teamWithRoles();
    const id = await seedTeamTranscription(people.owner.user.id, workspace.id);
    const synced = await readJson(
      await api(`/api/sync?space=${workspace.id}`, { cookie: people.member.cookie }),
      syncPageSchema,
    );
    expect(synced.changes.map((c) => c.id)).toEqual([id]);
    // A member may not remove others; an admin may.
    const notAllowed = await api(`/api/workspaces/${workspace.id}/members/${people.viewer.user.id}`, {
      method: "DELETE",
      cookie: people.member.cookie,
    });
    expect(notAllowed.status).toBe(403);
    const removed = await api(`/api/workspaces/${workspace.id}/members/${people.member.user.id}`, {
      method: "DELETE",
      cookie: people.admin.cookie,
    });
    expect(removed.status).toBe(200);
    expect((await api(`/api/transcriptions/${id}`, { cookie: people.member.cookie })).status).toBe(404);
    expect((await api(`/api/sync?space=${workspace.id}`, { cookie: people.member.cookie })).status).toBe(404);
    expect((await api(`/api/transcriptions?space=${workspace.id}`, { cookie: people.member.cookie })).status).toBe(404);
    const left = await readJson(await api("/api/workspaces", { cookie: people.member.cookie }), workspaceListSchema);
    expect(left.workspaces).toEqual([]);
    // The owner cannot leave before handing the team over.
    const ownerLeaves = await api(`/api/workspaces/${workspace.id}/members/${people.owner.user.id}`, {
      method: "DELETE",
      cookie: people.owner.cookie,
    });
    expect(ownerLeaves.status).toBe(409);
    const transfer = await api(`/api/workspaces/${workspace.id}/transfer`, {
      method: "POST",
      cookie: people.owner.cookie,
      json: { userId: people.admin.user.id },
    });
    expect((await readJson(transfer, workspaceSchema)).role).toBe("admin");
  });

  it("move a transcription between spaces, with a tombstone in the space it left", async () => {
    const { workspace, people } = await teamWithRoles();
    const { cookie, user } = people.member;
    const { id } = await readJson(
      await upload(cookie, await testFile("jfk.mp3"), "mine.mp3", "audio/mpeg"),
      transcriptionSchema,
    );
    const personal = await readJson(await api("/api/sync", { cookie }), syncPageSchema);
    expect(personal.changes.map((c) => [c.type, c.id])).toEqual([["upsert", id]]);
    const moved = await api(`/api/transcriptions/${id}/space`, {
      method: "PATCH",
      cookie,
      json: { workspaceId: workspace.id },
    });
    expect((await readJson(moved, transcriptionSchema)).workspace_id).toBe(workspace.id);
    const after = await readJson(await api(`/api/sync?since=${personal.cursor}`, { cookie }), syncPageSchema);
    expect(after.changes).toEqual([{ type: "delete", id }]);
    const team = await readJson(
      await api(`/api/sync?space=${workspace.id}`, { cookie: people.viewer.cookie }),
      syncPageSchema,
    );
    expect(team.changes.map((c) => [c.type, c.id])).toEqual([["upsert", id]]);
    // Its uploader may take it back; nobody else may put it in their own personal space.
    const taken = await api(`/api/transcriptions/${id}/space`, {
      method: "PATCH",
      cookie: people.admin.cookie,
      json: { workspaceId: null },
    });
    expect(taken.status).toBe(403);
    const back = await api(`/api/transcriptions/${id}/space`, { method: "PATCH", cookie, json: { workspaceId: null } });
    expect((await readJson(back, transcriptionSchema)).user_id).toBe(user.id);
  });

  it("count uploads into a team against the team, on its owner's plan", async () => {
    const { workspace, people } = await teamWithRoles();
    const jfk = await testFile("jfk.mp3");
    // The member's own Free allowance is used up; the team's is not.
    for (let i = 0; i < 3; i++) await reserveSlot(env.DB, { userId: people.member.user.id, workspaceId: null });
    expect((await upload(people.member.cookie, jfk, "a.mp3", "audio/mpeg")).status).toBe(402);
    const into = (name: string, cookie = people.member.cookie) =>
      api(`/api/transcriptions/upload?space=${workspace.id}`, {
        method: "POST",
        cookie,
        body: (() => {
          const form = new FormData();
          form.set("file", new File([jfk], name, { type: "audio/mpeg" }));
          return form;
        })(),
      });
    for (let i = 0; i < 3; i++) expect((await into(`team${i}.mp3`)).status).toBe(201);
    const listed = await readJson(await api("/api/workspaces", { cookie: people.member.cookie }), workspaceListSchema);
    expect(listed.workspaces[0]?.usage).toEqual({ used: 3, limit: 3 });
    // The team's own three are used: Free refuses the fourth, whoever uploads it.
    expect((await into("team3.mp3", people.admin.cookie)).status).toBe(402);
    // A viewer may not upload into it at all.
    expect((await into("viewer.mp3", people.viewer.cookie)).status).toBe(403);
    // On the owner's PRO the team has no limit.
    await makePro(people.owner.user.id);
    expect((await into("team4.mp3")).status).toBe(201);
  });

  it("keep their owner from deleting the account while others are in the team", async () => {
    const { workspace, people } = await teamWithRoles();
    const { owner } = people;
    const del = () =>
      api("/api/user", { method: "DELETE", cookie: owner.cookie, json: { confirm: owner.user.username } });
    const refused = await del();
    expect(refused.status).toBe(409);
    expect(await errorMessage(refused)).toMatch(/transfer it to one of them, or delete it/);
    expect((await api(`/api/workspaces/${workspace.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);
    expect((await del()).status).toBe(200);
  });

  it("delete a team with everything in it, its stored transcripts included", async () => {
    const { workspace, people } = await teamWithRoles();
    const id = await seedTeamTranscription(people.member.user.id, workspace.id);
    const prefix = `users/${people.member.user.id}/transcriptions/${id}/`;
    expect((await env.MEDIA.list({ prefix })).objects.length).toBe(1);
    const byAdmin = await api(`/api/workspaces/${workspace.id}`, { method: "DELETE", cookie: people.admin.cookie });
    expect(byAdmin.status).toBe(403);
    const res = await api(`/api/workspaces/${workspace.id}`, { method: "DELETE", cookie: people.owner.cookie });
    expect(res.status).toBe(200);
    expect((await api(`/api/transcriptions/${id}`, { cookie: people.member.cookie })).status).toBe(404);
    expect((await env.MEDIA.list({ prefix })).objects).toEqual([]);
  });
});
