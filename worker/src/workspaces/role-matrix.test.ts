import { roleMay, type WorkspaceAction, type WorkspaceRole } from "@verbatim/shared/workspaces";
import { describe, expect, it } from "vitest";
import { api, signUp } from "../../test/http";
import { addMember, seedTeamTranscription, teamWithRoles } from "../../test/workspaces";
import { createApp } from "../app";

// Every route that touches one transcription, tried by every role of its workspace, by a non-member and by a
// removed member. A route under /api/transcriptions/{id} that is missing from ROUTES fails the first test, so
// a new route cannot skip this matrix; one that skips the policy fails the second.

interface Probe {
  action: WorkspaceAction;
  /** A valid request, so the answer is the policy's and not the validator's. */
  body?: unknown;
  query?: string;
}

const ROUTES: Record<string, Probe> = {
  "GET /api/transcriptions/:id": { action: "read" },
  "GET /api/transcriptions/:id/segments": { action: "read" },
  "GET /api/transcriptions/:id/trace": { action: "read" },
  "GET /api/transcriptions/:id/media": { action: "read" },
  "GET /api/transcriptions/:id/export": { action: "read", query: "?format=txt" },
  "GET /api/transcriptions/:id/speakers/suggestions": { action: "read" },
  "GET /api/transcriptions/:id/transcript/versions": { action: "read" },
  "GET /api/transcriptions/:id/transcript/versions/:version": { action: "read" },
  "GET /api/transcriptions/:id/share-links": { action: "read" },
  "GET /api/transcriptions/:id/answers": { action: "read" },
  "POST /api/transcriptions/:id/ask": { action: "read", body: { question: "When do we ship the report?" } },
  "GET /api/transcriptions/:id/comments": { action: "comment" },
  "POST /api/transcriptions/:id/comments": {
    action: "comment",
    body: { start: 0, end: 2, quote: "We ship the report on Friday.", body: "Which Friday?" },
  },
  "POST /api/transcriptions/:id/comments/:commentId/replies": { action: "comment", body: { body: "This one." } },
  "PATCH /api/transcriptions/:id/comments/:commentId": { action: "comment", body: { resolved: true } },
  "DELETE /api/transcriptions/:id/comments/:commentId": { action: "comment" },
  "PATCH /api/transcriptions/:id/rename": { action: "edit", body: { name: "Renamed" } },
  "PUT /api/transcriptions/:id/transcript": {
    action: "edit",
    body: { baseVersion: 0, segments: [], speakers: [] },
  },
  "PATCH /api/transcriptions/:id/speakers": { action: "edit", body: { baseVersion: 0, names: {} } },
  "POST /api/transcriptions/:id/transcript/restore": { action: "edit", body: { baseVersion: 0, version: 1 } },
  "POST /api/transcriptions/:id/reprocess": { action: "edit" },
  "POST /api/transcriptions/:id/analyze": { action: "edit" },
  "POST /api/transcriptions/:id/share-links": { action: "edit", body: {} },
  "DELETE /api/transcriptions/:id/share-links/:linkId": { action: "edit" },
  "PUT /api/transcriptions/:id/media": { action: "upload" },
  "PUT /api/transcriptions/:id/chunks/:idx{[0-9]+}": { action: "upload", query: "?start=0" },
  "POST /api/transcriptions/:id/chunks/seal": { action: "upload", body: { chunks: 1 } },
  "PATCH /api/transcriptions/:id/space": { action: "delete" },
  "DELETE /api/transcriptions/:id": { action: "delete" },
  // Routes elsewhere that name a transcription.
  "GET /api/voices/heard/:transcriptionId": { action: "read" },
  "POST /api/voices": { action: "edit" },
  "POST /api/transcriptions/export": { action: "read" },
};

/** Deleting the transcription comes last, so every other route is tried on it first. */
const DELETE_IT = "DELETE /api/transcriptions/:id";
const IN_ORDER = [...Object.keys(ROUTES).filter((r) => r !== DELETE_IT), DELETE_IT];

const routesOfOneTranscription = createApp()
  .routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/transcriptions/:id"))
  .map((r) => `${r.method} ${r.path}`);

/** The request for `route` on transcription `id` (other path parameters get a value no row has). */
function request(route: string, id: string, workspaceId: string, cookie: string) {
  const [method = "GET", path = ""] = route.split(" ");
  const probe = ROUTES[route] as Probe;
  const url = path
    .replace(":id", id)
    .replace(":transcriptionId", id)
    .replace(/:idx\{[^}]*\}/, "0")
    .replace(":version", "1")
    .replace(/:(commentId|linkId)/, crypto.randomUUID());
  const body =
    route === "PATCH /api/transcriptions/:id/space"
      ? { workspaceId }
      : route === "POST /api/voices"
        ? { transcriptionId: id, speakerId: "SPEAKER_00", name: "Dana" }
        : route === "POST /api/transcriptions/export"
          ? { ids: [id], format: "txt" }
          : probe.body;
  const raw = method === "PUT" && body === undefined ? new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0]) : undefined;
  return api(`${url}${probe.query ?? ""}`, {
    method,
    cookie,
    ...(body !== undefined ? { json: body } : raw ? { body: raw, headers: { "Content-Type": "audio/mpeg" } } : {}),
  });
}

/** The policy's two refusals, told apart from a route's own answers (a missing comment is a 404 too). */
async function refusal(res: Response): Promise<"hidden" | "forbidden" | null> {
  if (res.status !== 403 && res.status !== 404) {
    await res.body?.cancel();
    return null;
  }
  const text = await res.text();
  if (res.status === 404 && text.includes("Transcription not found")) return "hidden";
  if (res.status === 403 && text.includes("Your role in this workspace")) return "forbidden";
  return null;
}

describe("the role matrix", () => {
  it("covers every route under /api/transcriptions/{id}", () => {
    const missing = routesOfOneTranscription.filter((r) => !(r in ROUTES));
    expect(missing, "add these routes to ROUTES with the action they need").toEqual([]);
  });

  it("lets each role do what its row of the table says, and hides the transcription from outsiders", async () => {
    const { workspace, people } = await teamWithRoles();
    const outsider = await signUp();
    const removed = await signUp();
    await addMember(workspace.id, removed.user.id, "member");
    const gone = await api(`/api/workspaces/${workspace.id}/members/${removed.user.id}`, {
      method: "DELETE",
      cookie: people.owner.cookie,
    });
    expect(gone.status).toBe(200);

    const failures: string[] = [];
    const callers: [string, WorkspaceRole | null, string][] = [
      ...(["owner", "admin", "member", "viewer"] as const).map(
        (role) => [role, role, people[role].cookie] as [string, WorkspaceRole, string],
      ),
      ["non-member", null, outsider.cookie],
      ["removed member", null, removed.cookie],
    ];
    for (const [who, role, cookie] of callers) {
      // A transcription of its own per caller, uploaded by the owner: deleting or moving it ends nobody else's.
      const id = await seedTeamTranscription(people.owner.user.id, workspace.id);
      for (const route of IN_ORDER) {
        const res = await request(route, id, workspace.id, cookie);
        const got = await refusal(res);
        const expected = role === null ? "hidden" : roleMay(role, (ROUTES[route] as Probe).action) ? null : "forbidden";
        if (got !== expected) failures.push(`${who} ${route}: ${res.status} (expected ${expected ?? "allowed"})`);
      }
    }
    expect(failures).toEqual([]);
  });
});
