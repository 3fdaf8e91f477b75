import { transcriptionSchema } from "@verbatim/shared";
import {
  changeRoleSchema,
  invitationPreviewSchema,
  moveTranscriptionSchema,
  newInvitationSchema,
  newWorkspaceSchema,
  renameWorkspaceSchema,
  transferOwnershipSchema,
  workspaceDetailSchema,
  workspaceInvitationSchema,
  workspaceListSchema,
  workspaceMemberSchema,
  workspaceSchema,
} from "@verbatim/shared/workspaces";
import { Hono } from "hono";
import { z } from "zod";
import { currentUserId, requireUser } from "../auth";
import type { AppEnv } from "../env";
import { doc, json } from "../http/openapi";
import { validate } from "../http/validate";
import { toTranscription } from "../transcriptions";
import {
  acceptInvitation,
  changeRole,
  createWorkspace,
  deleteWorkspace,
  invitationPreview,
  invite,
  moveTranscription,
  removeFromWorkspace,
  rename,
  resendInvitation,
  revokeInvitation,
  transferOwnership,
  workspaceDetail,
} from "./service";
import { workspacesOf } from "./store";

// /api/workspaces (teams, members, invitations), /api/invitations/{token} (the invitee's side) and the move of a
// transcription between spaces. Rules live in service.ts and policy.ts; these only read and answer.

const tag = "workspaces";
const message = z.object({ message: z.string() });
const docs = {
  list: doc({
    summary: "The caller's team workspaces, with their role",
    tag,
    responses: { 200: json(workspaceListSchema, "The workspaces") },
  }),
  create: doc({
    summary: "Create a team workspace; the caller is its owner",
    tag,
    responses: { 201: json(workspaceSchema, "The workspace") },
    errors: [400],
  }),
  get: doc({
    summary: "A workspace with its members (and open invitations, for owners and admins)",
    tag,
    responses: { 200: json(workspaceDetailSchema, "The workspace") },
    errors: [404],
  }),
  rename: doc({
    summary: "Rename a workspace (owner, admin)",
    tag,
    responses: { 200: json(workspaceSchema, "The workspace") },
    errors: [400, 404],
  }),
  remove: doc({
    summary: "Delete a workspace and everything in it (owner)",
    tag,
    responses: { 200: json(message, "Deleted") },
    errors: [404],
  }),
  invite: doc({
    summary: "Invite an e-mail address (owner, admin); a link valid 7 days, once, is e-mailed",
    tag,
    responses: { 201: json(workspaceInvitationSchema, "The open invitation") },
    errors: [400, 404, 409],
  }),
  resend: doc({
    summary: "Send an invitation again with a new link and expiry; the old link stops",
    tag,
    responses: { 200: json(workspaceInvitationSchema, "The invitation") },
    errors: [404],
  }),
  revoke: doc({ summary: "Revoke an invitation", tag, responses: { 200: json(message, "Revoked") }, errors: [404] }),
  role: doc({
    summary: "Change a member's role (owner, admin)",
    tag,
    responses: { 200: json(z.array(workspaceMemberSchema), "The members") },
    errors: [400, 404, 409],
  }),
  removeMember: doc({
    summary: "Remove a member (owner, admin), or leave (yourself); access ends at once",
    tag,
    responses: { 200: json(message, "Removed") },
    errors: [404, 409],
  }),
  transfer: doc({
    summary: "Make another member the owner (owner); you stay as an admin",
    tag,
    responses: { 200: json(workspaceSchema, "The workspace, with your new role") },
    errors: [400, 404, 409],
  }),
  preview: doc({
    summary: "What an invitation link is for (no account needed)",
    tag,
    auth: false,
    responses: { 200: json(invitationPreviewSchema, "The invitation") },
    errors: [404],
  }),
  accept: doc({
    summary: "Accept an invitation with the account of the invited, confirmed address",
    tag,
    responses: { 200: json(workspaceSchema, "The workspace joined") },
    errors: [404],
  }),
  move: doc({
    summary: "Move a transcription to a team workspace, or (its uploader) to their personal space",
    tag,
    responses: { 200: json(transcriptionSchema, "The transcription, in its new space") },
    errors: [400, 404],
  }),
};

export const workspaceRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", docs.list, async (c) => c.json({ workspaces: await workspacesOf(c.get("db"), currentUserId(c)) }))
  .post("/", docs.create, validate("json", newWorkspaceSchema), async (c) =>
    c.json(await createWorkspace(c.get("db"), currentUserId(c), c.req.valid("json").name), 201),
  )
  .get("/:wid", docs.get, async (c) => c.json(await workspaceDetail(c.get("db"), currentUserId(c), c.req.param("wid"))))
  .patch("/:wid", docs.rename, validate("json", renameWorkspaceSchema), async (c) =>
    c.json(await rename(c.get("db"), currentUserId(c), c.req.param("wid"), c.req.valid("json").name)),
  )
  .delete("/:wid", docs.remove, async (c) => {
    await deleteWorkspace(c.env, c.get("db"), currentUserId(c), c.req.param("wid"));
    return c.json({ message: "Workspace deleted" });
  })
  .post("/:wid/invitations", docs.invite, validate("json", newInvitationSchema), async (c) =>
    c.json(await invite(c.env, c.get("db"), currentUserId(c), c.req.param("wid"), c.req.valid("json")), 201),
  )
  .post("/:wid/invitations/:iid/resend", docs.resend, async (c) =>
    c.json(await resendInvitation(c.env, c.get("db"), currentUserId(c), c.req.param("wid"), c.req.param("iid"))),
  )
  .delete("/:wid/invitations/:iid", docs.revoke, async (c) => {
    await revokeInvitation(c.get("db"), currentUserId(c), c.req.param("wid"), c.req.param("iid"));
    return c.json({ message: "Invitation revoked" });
  })
  .patch("/:wid/members/:uid", docs.role, validate("json", changeRoleSchema), async (c) =>
    c.json(
      await changeRole(c.get("db"), currentUserId(c), c.req.param("wid"), c.req.param("uid"), c.req.valid("json").role),
    ),
  )
  .delete("/:wid/members/:uid", docs.removeMember, async (c) => {
    await removeFromWorkspace(c.env, c.get("db"), currentUserId(c), c.req.param("wid"), c.req.param("uid"));
    return c.json({ message: "Removed from the workspace" });
  })
  .post("/:wid/transfer", docs.transfer, validate("json", transferOwnershipSchema), async (c) =>
    c.json(
      await transferOwnership(c.env, c.get("db"), currentUserId(c), c.req.param("wid"), c.req.valid("json").userId),
    ),
  );

/** /api/invitations: the preview needs no account (the token is the invitee's); accepting does. */
export const invitationRoutes = new Hono<AppEnv>()
  .get("/:token", docs.preview, async (c) => {
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    return c.json(await invitationPreview(c.get("db"), c.req.param("token")));
  })
  .post("/:token/accept", requireUser, docs.accept, async (c) =>
    c.json(await acceptInvitation(c.env, c.get("db"), currentUserId(c), c.req.param("token"))),
  );

/** PATCH /api/transcriptions/{id}/space, mounted beside the transcription routes. */
export const moveRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .patch("/:id/space", docs.move, validate("json", moveTranscriptionSchema), async (c) =>
    c.json(
      toTranscription(
        await moveTranscription(c.get("db"), currentUserId(c), c.req.param("id"), c.req.valid("json").workspaceId),
      ),
    ),
  );
