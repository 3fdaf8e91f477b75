import type { Workspace, WorkspaceInvitation, WorkspaceMember, WorkspaceRole } from "@verbatim/shared/workspaces";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users, workspaceInvitations, workspaceMembers, workspaces } from "../db/schema";
import { notFound } from "../http/errors";
import { monthlyLimitOf, periodOf } from "../store/plan-usage";

// The workspace tables, read and written. Who may call what is decided before (policy.ts, service.ts).

const memberCount = sql<number>`(SELECT count(*) FROM workspace_members m WHERE m.workspace_id = ${workspaces.id})`;

/** The team workspaces `userId` is a member of, with their role in each. */
export async function workspacesOf(db: Db, userId: string): Promise<Workspace[]> {
  const rows = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      role: workspaceMembers.role,
      ownerName: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.username})`,
      memberCount,
      plan: users.subscriptionPlan,
      used: sql<number>`(SELECT count(*) FROM plan_usage p WHERE p.workspace_id = ${workspaces.id} AND p.period = ${periodOf()})`,
      createdAt: workspaces.createdAt,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaces.name), asc(workspaces.id));
  return rows.map(({ used, ...w }) => ({
    ...w,
    usage: { used, limit: monthlyLimitOf(w.plan) },
  }));
}

/** One of the caller's workspaces, as the list shows it; 404 when they are not a member. */
export async function workspaceOf(db: Db, userId: string, workspaceId: string): Promise<Workspace> {
  const found = (await workspacesOf(db, userId)).find((w) => w.id === workspaceId);
  if (!found) throw notFound("Workspace not found");
  return found;
}

export async function insertWorkspace(db: Db, ownerId: string, name: string) {
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(workspaces).values({ id, name, ownerId }),
    db.insert(workspaceMembers).values({ workspaceId: id, userId: ownerId, role: "owner" }),
  ]);
  return id;
}

export const renameWorkspace = (db: Db, workspaceId: string, name: string) =>
  db
    .update(workspaces)
    .set({ name, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` })
    .where(eq(workspaces.id, workspaceId));

export const ownerOf = async (db: Db, workspaceId: string) =>
  (await db.query.workspaces.findFirst({ columns: { ownerId: true }, where: eq(workspaces.id, workspaceId) }))?.ownerId;

export async function membersOf(db: Db, workspaceId: string): Promise<WorkspaceMember[]> {
  return db
    .select({
      userId: users.id,
      name: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.username})`,
      email: users.email,
      role: workspaceMembers.role,
      joinedAt: workspaceMembers.createdAt,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.createdAt), asc(users.id));
}

export async function invitationsOf(db: Db, workspaceId: string): Promise<WorkspaceInvitation[]> {
  return db
    .select({
      id: workspaceInvitations.id,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      invitedBy: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.username})`,
      createdAt: workspaceInvitations.createdAt,
      expiresAt: workspaceInvitations.expiresAt,
    })
    .from(workspaceInvitations)
    .innerJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(eq(workspaceInvitations.workspaceId, workspaceId))
    .orderBy(asc(workspaceInvitations.createdAt), asc(workspaceInvitations.id));
}

/** Members and open invitations together: a team's seats so far. */
export async function seatsTaken(db: Db, workspaceId: string) {
  const [m] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  const [i] = await db
    .select({ n: count() })
    .from(workspaceInvitations)
    .where(eq(workspaceInvitations.workspaceId, workspaceId));
  return (m?.n ?? 0) + (i?.n ?? 0);
}

export const setRole = (db: Db, workspaceId: string, userId: string, role: WorkspaceRole) =>
  db
    .update(workspaceMembers)
    .set({ role })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));

export const removeMember = (db: Db, workspaceId: string, userId: string) =>
  db
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
