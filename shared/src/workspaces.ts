import { z } from "zod";
import { EMAIL_INVALID } from "./auth";
import { planUsageSchema } from "./subscription";
import { withoutUnsafeChars } from "./text";

// Team workspaces (docs/architecture/workspaces.md). Every transcription lives in one space: its uploader's
// personal space (workspaceId null) or a team workspace. What each role may do is this file's table, read by the
// Worker's policy (worker/src/store/access.ts) and by the web app to show only what will work.

export const WORKSPACE_ROLES = ["owner", "admin", "member", "viewer"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];
/** The roles an invitation or a role change may give; ownership only moves by a transfer. */
export const INVITABLE_ROLES = ["admin", "member", "viewer"] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/**
 * What may be done in a space. `read` covers the transcript, the media, search, sync and exports; `comment` the
 * comments; `edit` the transcript, speakers, names, reprocess and analysis; `upload` adding (or moving in);
 * `delete` deleting or moving out; `manage` members, invitations and the name; `own` billing, transfer and
 * deleting the team.
 */
export const WORKSPACE_ACTIONS = ["read", "comment", "edit", "upload", "delete", "manage", "own"] as const;
export type WorkspaceAction = (typeof WORKSPACE_ACTIONS)[number];

export const ROLE_ACTIONS: Record<WorkspaceRole, readonly WorkspaceAction[]> = {
  owner: WORKSPACE_ACTIONS,
  admin: ["read", "comment", "edit", "upload", "delete", "manage"],
  member: ["read", "comment", "edit", "upload"],
  viewer: ["read", "comment"],
};

/** The one answer to "may this role do that", for the server's policy and the client's buttons. */
export const roleMay = (role: WorkspaceRole, action: WorkspaceAction) => ROLE_ACTIONS[role].includes(action);

/**
 * Whether `role` may do `action` to one item: the table above, and besides, a role that may upload may also delete
 * (or move out) what the caller uploaded themselves. The server's policy and the client's buttons both ask here.
 */
export const mayActOn = (role: WorkspaceRole, action: WorkspaceAction, uploadedByCaller: boolean) =>
  roleMay(role, action) || (uploadedByCaller && action === "delete" && roleMay(role, "upload"));

export const INVITATION_TTL_DAYS = 7;
export const WORKSPACE_NAME_MAX_CHARS = 80;
/** A team has at most this many members and open invitations together (the plan's seats are counted apart). */
export const WORKSPACE_MAX_SEATS = 100;

export const workspaceNameSchema = z
  .string({ error: "Give the workspace a name" })
  .transform(withoutUnsafeChars)
  .pipe(
    z
      .string()
      .trim()
      .min(1, "Give the workspace a name")
      .max(WORKSPACE_NAME_MAX_CHARS, `A workspace name has at most ${WORKSPACE_NAME_MAX_CHARS} characters`),
  );

export const workspaceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The caller's role in it. */
    role: z.enum(WORKSPACE_ROLES),
    ownerName: z.string(),
    memberCount: z.number().int().positive(),
    /** PRO when its owner's subscription covers it: uploads into it then have no FREE limit. */
    plan: z.enum(["FREE", "PRO"]),
    /** This month's uploads into it, against its plan's limit (null on PRO). */
    usage: planUsageSchema,
    createdAt: z.string(),
  })
  .meta({ id: "Workspace" });
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceListSchema = z.object({ workspaces: z.array(workspaceSchema) });

export const workspaceMemberSchema = z
  .object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(WORKSPACE_ROLES),
    joinedAt: z.string(),
  })
  .meta({ id: "WorkspaceMember" });
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

export const workspaceInvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(INVITABLE_ROLES),
    invitedBy: z.string(),
    createdAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: "WorkspaceInvitation" });
export type WorkspaceInvitation = z.infer<typeof workspaceInvitationSchema>;

/** A workspace with its people: invitations only for those who may manage them (empty otherwise). */
export const workspaceDetailSchema = z
  .object({
    workspace: workspaceSchema,
    members: z.array(workspaceMemberSchema),
    invitations: z.array(workspaceInvitationSchema),
  })
  .meta({ id: "WorkspaceDetail" });
export type WorkspaceDetail = z.infer<typeof workspaceDetailSchema>;

export const newWorkspaceSchema = z.object({ name: workspaceNameSchema });
export const renameWorkspaceSchema = newWorkspaceSchema;

export const newInvitationSchema = z.object({
  email: z.string({ error: EMAIL_INVALID }).trim().max(255).pipe(z.email(EMAIL_INVALID)),
  role: z.enum(INVITABLE_ROLES, { error: "Choose admin, member or viewer" }).default("member"),
});
export type NewInvitation = z.input<typeof newInvitationSchema>;

export const changeRoleSchema = z.object({
  role: z.enum(INVITABLE_ROLES, { error: "Choose admin, member or viewer" }),
});

export const transferOwnershipSchema = z.object({
  userId: z
    .string({ error: "Choose the member who becomes the owner" })
    .min(1, "Choose the member who becomes the owner"),
});

/** What the invitation page shows before it is accepted (the token is the invitee's secret). */
export const invitationPreviewSchema = z
  .object({
    workspaceName: z.string(),
    invitedBy: z.string(),
    email: z.string(),
    role: z.enum(INVITABLE_ROLES),
    expiresAt: z.string(),
  })
  .meta({ id: "InvitationPreview" });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** Moving a transcription: to a team workspace, or null for the mover's personal space. */
export const moveTranscriptionSchema = z.object({
  workspaceId: z.string({ error: "Choose where to move it" }).min(1).nullable(),
});

/**
 * `space` in a query: a workspace id, or absent for the caller's personal space. Lists, search, sync and uploads
 * take it.
 */
export const spaceQuerySchema = z.object({ space: z.string().min(1).max(64).optional() });

/** The path of the page that accepts an invitation (the link in its e-mail). */
export const invitationPagePath = (token: string) => `/invitations/${token}`;
