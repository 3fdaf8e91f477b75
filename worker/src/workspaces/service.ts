import {
  type InvitableRole,
  type InvitationPreview,
  invitationPagePath,
  type NewInvitation,
  roleMay,
  WORKSPACE_MAX_SEATS,
  type Workspace,
  type WorkspaceAction,
  type WorkspaceDetail,
  type WorkspaceInvitation,
} from "@verbatim/shared/workspaces";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { transcriptions, workspaces } from "../db/schema";
import type { Bindings } from "../env";
import { ApiError, notFound } from "../http/errors";
import { linkOrigin, queueEmail } from "../mail";
import { authorize, authorizeSpace, memberRoleIn } from "../store/access";
import { deletePrefix, transcriptionPrefix } from "../store/keys";
import { findUserById } from "../store/users";
import {
  acceptAs,
  deleteInvitation,
  openInvitation,
  previewOf,
  renewInvitation,
  upsertInvitation,
} from "./invitations";
import { syncSeats } from "./seats";
import {
  insertWorkspace,
  invitationsOf,
  membersOf,
  ownerOf,
  removeMember,
  renameWorkspace,
  seatsTaken,
  setRole,
  workspaceOf,
} from "./store";

// What people do with workspaces, each rule checked here once (docs/architecture/workspaces.md).

/** The caller's role in the workspace if it allows `action`; 404 for a non-member, 403 for a role that can't. */
const allowed = async (db: Db, userId: string, workspaceId: string, action: WorkspaceAction) =>
  (await authorizeSpace(db, userId, workspaceId, action)).role;

export async function createWorkspace(db: Db, userId: string, name: string): Promise<Workspace> {
  return workspaceOf(db, userId, await insertWorkspace(db, userId, name));
}

export async function workspaceDetail(db: Db, userId: string, workspaceId: string): Promise<WorkspaceDetail> {
  const workspace = await workspaceOf(db, userId, workspaceId);
  return {
    workspace,
    members: await membersOf(db, workspaceId),
    invitations: roleMay(workspace.role, "manage") ? await invitationsOf(db, workspaceId) : [],
  };
}

export async function rename(db: Db, userId: string, workspaceId: string, name: string) {
  await allowed(db, userId, workspaceId, "manage");
  await renameWorkspace(db, workspaceId, name);
  return workspaceOf(db, userId, workspaceId);
}

/** Deletes the team and everything in it: the recordings and transcripts in R2 first, then the rows (cascade). */
export async function deleteWorkspace(env: Bindings, db: Db, userId: string, workspaceId: string) {
  await allowed(db, userId, workspaceId, "own");
  const inside = await db
    .select({ id: transcriptions.id, userId: transcriptions.userId })
    .from(transcriptions)
    .where(eq(transcriptions.workspaceId, workspaceId));
  for (const t of inside) await deletePrefix(env.MEDIA, transcriptionPrefix(t.userId, t.id));
  await db.delete(workspaces).where(eq(workspaces.id, workspaceId));
  await syncSeats(env, db, userId);
}

async function sendInvitation(
  env: Bindings,
  userId: string,
  sent: { row: { id: string; email: string }; token: string },
) {
  await queueEmail(env, {
    kind: "invitation",
    userId,
    invitationId: sent.row.id,
    email: sent.row.email,
    link: `${linkOrigin(env)}${invitationPagePath(sent.token)}`,
  });
}

const invitationOf = async (db: Db, workspaceId: string, id: string): Promise<WorkspaceInvitation> => {
  const found = (await invitationsOf(db, workspaceId)).find((i) => i.id === id);
  if (!found) throw notFound("Invitation not found");
  return found;
};

/** Invites an address (again: a fresh link for the open invitation); the e-mail goes through the queue. */
export async function invite(env: Bindings, db: Db, userId: string, workspaceId: string, v: Required<NewInvitation>) {
  await allowed(db, userId, workspaceId, "manage");
  const members = await membersOf(db, workspaceId);
  if (members.some((m) => m.email.toLowerCase() === v.email.toLowerCase()))
    throw new ApiError(409, `${v.email} is already a member of this workspace`);
  if ((await seatsTaken(db, workspaceId)) >= WORKSPACE_MAX_SEATS)
    throw new ApiError(409, `A workspace has at most ${WORKSPACE_MAX_SEATS} members and invitations`);
  const sent = await upsertInvitation(db, { workspaceId, email: v.email, role: v.role, invitedBy: userId });
  await sendInvitation(env, userId, sent);
  return invitationOf(db, workspaceId, sent.row.id);
}

export async function resendInvitation(env: Bindings, db: Db, userId: string, workspaceId: string, id: string) {
  await allowed(db, userId, workspaceId, "manage");
  const sent = await renewInvitation(db, workspaceId, id);
  await sendInvitation(env, userId, sent);
  return invitationOf(db, workspaceId, id);
}

export async function revokeInvitation(db: Db, userId: string, workspaceId: string, id: string) {
  await allowed(db, userId, workspaceId, "manage");
  await deleteInvitation(db, workspaceId, id);
}

const OWNER_STAYS = "The owner's role changes only by transferring ownership";

export async function changeRole(db: Db, userId: string, workspaceId: string, memberId: string, role: InvitableRole) {
  await allowed(db, userId, workspaceId, "manage");
  const current = await memberRoleIn(db, memberId, workspaceId);
  if (!current) throw notFound("Member not found");
  if (current === "owner") throw new ApiError(409, OWNER_STAYS);
  await setRole(db, workspaceId, memberId, role);
  return membersOf(db, workspaceId);
}

/** Removes a member (manage), or the caller leaves. Access ends with the row: the next request answers 404. */
export async function removeFromWorkspace(
  env: Bindings,
  db: Db,
  userId: string,
  workspaceId: string,
  memberId: string,
) {
  if (memberId !== userId) await allowed(db, userId, workspaceId, "manage");
  const current = await memberRoleIn(db, memberId, workspaceId);
  if (!current) throw notFound("Member not found");
  if (current === "owner")
    throw new ApiError(409, "The owner cannot leave or be removed: transfer ownership to another member first");
  await removeMember(db, workspaceId, memberId);
  const owner = await ownerOf(db, workspaceId);
  if (owner) await syncSeats(env, db, owner);
}

/** Makes another member the owner (billing moves with it); the old owner stays on as an admin. */
export async function transferOwnership(env: Bindings, db: Db, userId: string, workspaceId: string, to: string) {
  await allowed(db, userId, workspaceId, "own");
  if (to === userId) throw new ApiError(409, "You already own this workspace");
  if (!(await memberRoleIn(db, to, workspaceId))) throw notFound("Member not found");
  await db.batch([
    db.update(workspaces).set({ ownerId: to }).where(eq(workspaces.id, workspaceId)),
    setRole(db, workspaceId, to, "owner"),
    setRole(db, workspaceId, userId, "admin"),
  ]);
  await syncSeats(env, db, userId);
  await syncSeats(env, db, to);
  return workspaceOf(db, userId, workspaceId);
}

export async function invitationPreview(db: Db, token: string): Promise<InvitationPreview> {
  return previewOf(await openInvitation(db, token));
}

/** Joins the invitation's workspace, if the caller's confirmed address is the one invited. */
export async function acceptInvitation(env: Bindings, db: Db, userId: string, token: string): Promise<Workspace> {
  const { invitation } = await openInvitation(db, token);
  const user = await findUserById(db, userId);
  if (!user) throw notFound("User not found");
  if (user.email.toLowerCase() !== invitation.email.toLowerCase())
    throw new ApiError(
      403,
      `This invitation is for ${invitation.email}. Sign in with the account of that address to accept it.`,
    );
  if (!user.emailVerifiedAt)
    throw new ApiError(403, "Confirm your e-mail address first: the invitation is for a confirmed address");
  await acceptAs(db, invitation, userId);
  const owner = await ownerOf(db, invitation.workspaceId);
  if (owner) await syncSeats(env, db, owner);
  return workspaceOf(db, userId, invitation.workspaceId);
}

/**
 * Moves a transcription to another space: the caller may delete (move out) where it is and upload where it goes.
 * A personal space is only its uploader's: stored objects live under the uploader's prefix.
 */
export async function moveTranscription(db: Db, userId: string, id: string, workspaceId: string | null) {
  const t = await authorize(db, userId, id, "delete");
  if (workspaceId === null && t.userId !== userId)
    throw new ApiError(403, "Only the person who uploaded it can move it to their personal space");
  await authorizeSpace(db, userId, workspaceId, "upload");
  if (t.workspaceId === workspaceId) return t;
  const [moved] = await db.update(transcriptions).set({ workspaceId }).where(eq(transcriptions.id, id)).returning();
  if (!moved) throw notFound("Transcription not found");
  return moved;
}
