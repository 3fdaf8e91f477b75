import { INVITATION_TTL_DAYS, type InvitableRole, type InvitationPreview } from "@verbatim/shared/workspaces";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users, workspaceInvitations, workspaceMembers, workspaces } from "../db/schema";
import { notFound } from "../http/errors";
import { hashToken, newToken } from "../rules/secret-token";

// Invitations: a link whose token is a bearer secret (rules/secret-token.ts), kept only as its hash, valid for
// INVITATION_TTL_DAYS and used once (accepting deletes the row).

const DAY_MS = 24 * 60 * 60 * 1000;
export const INVITATION_GONE = "This invitation is no longer valid: it was used, revoked, replaced or has expired";

const expiry = () => new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS).toISOString();

/** A new invitation (or a fresh link for the one already open for that address); its token leaves only here. */
export async function upsertInvitation(
  db: Db,
  v: { workspaceId: string; email: string; role: InvitableRole; invitedBy: string },
) {
  const token = newToken();
  const [row] = await db
    .insert(workspaceInvitations)
    .values({ id: crypto.randomUUID(), ...v, tokenHash: hashToken(token), expiresAt: expiry() })
    .onConflictDoUpdate({
      target: [workspaceInvitations.workspaceId, workspaceInvitations.email],
      set: { role: v.role, invitedBy: v.invitedBy, tokenHash: hashToken(token), expiresAt: expiry() },
    })
    .returning();
  if (!row) throw new Error("The invitation was not stored");
  return { row, token };
}

/** A new link and a new expiry for an open invitation: the old link stops at once. */
export async function renewInvitation(db: Db, workspaceId: string, id: string) {
  const token = newToken();
  const [row] = await db
    .update(workspaceInvitations)
    .set({ tokenHash: hashToken(token), expiresAt: expiry() })
    .where(and(eq(workspaceInvitations.id, id), eq(workspaceInvitations.workspaceId, workspaceId)))
    .returning();
  if (!row) throw notFound("Invitation not found");
  return { row, token };
}

export async function deleteInvitation(db: Db, workspaceId: string, id: string) {
  const gone = await db
    .delete(workspaceInvitations)
    .where(and(eq(workspaceInvitations.id, id), eq(workspaceInvitations.workspaceId, workspaceId)))
    .returning({ id: workspaceInvitations.id });
  if (gone.length === 0) throw notFound("Invitation not found");
}

/** The open, unexpired invitation a token names, or 404. */
export async function openInvitation(db: Db, token: string) {
  const row = await db
    .select({
      invitation: workspaceInvitations,
      workspaceName: workspaces.name,
      invitedBy: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.username})`,
    })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .innerJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(
      and(
        eq(workspaceInvitations.tokenHash, hashToken(token)),
        gt(workspaceInvitations.expiresAt, new Date().toISOString()),
      ),
    )
    .get();
  if (!row) throw notFound(INVITATION_GONE);
  return row;
}

export const previewOf = ({
  invitation,
  workspaceName,
  invitedBy,
}: Awaited<ReturnType<typeof openInvitation>>): InvitationPreview => ({
  workspaceName,
  invitedBy,
  email: invitation.email,
  role: invitation.role,
  expiresAt: invitation.expiresAt,
});

/**
 * Uses the invitation up and makes `userId` a member, in one batch (one transaction): a failure leaves both as they
 * were, so an accepted invitation is never lost without its membership. Of two accepts at once, only the one that
 * deletes the row goes on.
 */
export async function acceptAs(db: Db, invitation: typeof workspaceInvitations.$inferSelect, userId: string) {
  const [gone] = await db.batch([
    db
      .delete(workspaceInvitations)
      .where(eq(workspaceInvitations.id, invitation.id))
      .returning({ id: workspaceInvitations.id }),
    db
      .insert(workspaceMembers)
      .values({ workspaceId: invitation.workspaceId, userId, role: invitation.role })
      .onConflictDoNothing(),
  ]);
  if (gone.length === 0) throw notFound(INVITATION_GONE);
}
