import { env } from "cloudflare:test";
import { type WorkspaceRole, workspaceSchema } from "@verbatim/shared/workspaces";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { createDb } from "../src/db/client";
import { transcriptions, workspaceMembers } from "../src/db/schema";
import { api, readJson, signUp } from "./http";
import { seedTranscription } from "./transcriptions";

type Account = Awaited<ReturnType<typeof signUp>>;

/** A team made through the API by a new owner, with a new account in each other role (added directly). */
export async function teamWithRoles() {
  const owner = await signUp();
  const res = await api("/api/workspaces", { method: "POST", cookie: owner.cookie, json: { name: "Research" } });
  expect(res.status).toBe(201);
  const workspace = await readJson(res, workspaceSchema);
  const people: Record<WorkspaceRole, Account> = { owner } as Record<WorkspaceRole, Account>;
  for (const role of ["admin", "member", "viewer"] as const) {
    people[role] = await signUp();
    await addMember(workspace.id, people[role].user.id, role);
  }
  return { workspace, people };
}

export const addMember = (workspaceId: string, userId: string, role: WorkspaceRole) =>
  createDb(env.DB).insert(workspaceMembers).values({ workspaceId, userId, role });

/** A finished transcription (transcript in R2, no recording) uploaded by `userId` into the workspace. */
export async function seedTeamTranscription(userId: string, workspaceId: string, name = "Team sync") {
  const id = await seedTranscription(userId, name, [
    { start: 0, end: 2, text: "We ship the report on Friday.", speaker: "SPEAKER_00" },
    { start: 2, end: 4, text: "I will send the numbers.", speaker: "SPEAKER_01" },
  ]);
  await createDb(env.DB).update(transcriptions).set({ workspaceId }).where(eq(transcriptions.id, id));
  return id;
}
