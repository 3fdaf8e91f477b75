import { mayActOn, roleMay, type WorkspaceAction, type WorkspaceRole } from "@verbatim/shared/workspaces";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { type TranscriptionRow, transcriptions, workspaceMembers } from "../db/schema";
import { ApiError, notFound } from "../http/errors";
import type { Space } from "./transcriptions";

// The one place that decides who may do what to a transcription or a space (docs/architecture/workspaces.md).
// Someone who may not even read a thing gets the same 404 as for a missing one, so ids reveal nothing; someone who
// may read it but whose role lacks the action gets a 403 that says so.

const NOT_FOUND = "Transcription not found";

const forbidden = (role: WorkspaceRole) =>
  new ApiError(403, `Your role in this workspace (${role}) does not allow this`);

/** The caller's role in a workspace, or null when they are not (or no longer) a member. */
export async function memberRoleIn(db: Db, userId: string, workspaceId: string): Promise<WorkspaceRole | null> {
  const row = await db.query.workspaceMembers.findFirst({
    columns: { role: true },
    where: and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)),
  });
  return row?.role ?? null;
}

/**
 * The transcription `id` if `userId` may do `action` to it: in a personal space only its owner may do anything;
 * in a workspace the member's role decides. Every route under /api/transcriptions/{id} asks here.
 */
export async function authorize(
  db: Db,
  userId: string,
  id: string,
  action: WorkspaceAction,
): Promise<TranscriptionRow> {
  const [found] = await db
    .select({ row: transcriptions, role: workspaceMembers.role })
    .from(transcriptions)
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, transcriptions.workspaceId), eq(workspaceMembers.userId, userId)),
    )
    .where(eq(transcriptions.id, id))
    .limit(1);
  if (!found) throw notFound(NOT_FOUND);
  const { row, role } = found;
  if (row.workspaceId === null) {
    if (row.userId !== userId) throw notFound(NOT_FOUND);
    return row;
  }
  if (!role) throw notFound(NOT_FOUND);
  if (!mayActOn(role, action, row.userId === userId)) throw forbidden(role);
  return row;
}

/**
 * The space a request names (`?space=`): null for the caller's personal space, else a workspace in which the
 * caller's role allows `action`. A workspace they are not in answers 404, as a missing one does.
 */
export async function authorizeSpace(
  db: Db,
  userId: string,
  space: string | undefined | null,
  action: WorkspaceAction,
): Promise<{ workspaceId: string | null; role: WorkspaceRole }> {
  if (!space) return { workspaceId: null, role: "owner" };
  const role = await memberRoleIn(db, userId, space);
  if (!role) throw notFound("Workspace not found");
  if (!roleMay(role, action)) throw forbidden(role);
  return { workspaceId: space, role };
}

/** Where new work goes (`?space=`, checked for `upload`), as the space its plan slot is counted in. */
export async function uploadSpace(db: Db, userId: string, space: string | undefined | null): Promise<Space> {
  const { workspaceId } = await authorizeSpace(db, userId, space, "upload");
  return { userId, workspaceId };
}
