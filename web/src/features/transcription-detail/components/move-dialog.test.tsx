import type { Workspace } from "@verbatim/shared/workspaces";
import { act } from "react";
import { describe, expect, test } from "vitest";
import {
  appHarness,
  button,
  click,
  FAKE_USER,
  jsonAnswer,
  noFakeAnswer,
  openDialog,
  until,
} from "@/test-support/app-harness";
import { fakeTranscription, fakeWorkspace } from "../../../../e2e/support/fake-answers";
import { MoveDialog } from "./move-dialog";

// "Move to…" offers the spaces the caller may upload into, other than the one the transcription is in, and sends
// the chosen one (null for personal); a refusal shows the server's message.

const team = (id: string, name: string, role: Workspace["role"]) => fakeWorkspace({ id, name, role });

let moves: unknown[];
let refusal: string | null;

async function fakeApi(request: Request) {
  const path = new URL(request.url).pathname;
  if (path === "/api/session") return jsonAnswer({ user: FAKE_USER });
  if (path === "/api/user") return jsonAnswer(FAKE_USER);
  if (path === "/api/workspaces")
    return jsonAnswer({
      workspaces: [team("w1", "Research", "admin"), team("w2", "Sales", "viewer"), team("w3", "Design", "member")],
    });
  if (path === "/api/transcriptions/t1/space" && request.method === "PATCH") {
    const body = (await request.json()) as { workspaceId: string | null };
    moves.push(body);
    if (refusal) return jsonAnswer({ message: refusal }, 403);
    return jsonAnswer(fakeTranscription({ id: "t1", workspace_id: body.workspaceId }));
  }
  return noFakeAnswer(request);
}

const app = appHarness(fakeApi, () => {
  moves = [];
  refusal = null;
});

const mount = () =>
  app.mount(() => (
    <MoveDialog transcription={fakeTranscription({ id: "t1", workspace_id: "w1" })} open onOpenChange={() => {}} />
  ));
const options = () => [...(openDialog()?.querySelectorAll("option") ?? [])].map((o) => o.textContent);

describe("Move to…", () => {
  test("lists personal and the teams the caller may upload into, not this one nor a viewer's", async () => {
    await mount();
    await until(() => expect(options()).toEqual(["Personal", "Design"]));
    const select = openDialog()?.querySelector("select") as HTMLSelectElement;
    await act(async () => {
      select.value = "w3";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await click(button("Move", openDialog() as HTMLElement));
    await until(() => expect(moves).toEqual([{ workspaceId: "w3" }]));
    await until(() => expect(document.body.textContent).toContain("Moved to Design"));
  });

  test("personal is sent as null, and a refusal shows the server's message", async () => {
    refusal = "Only its uploader, an admin or the owner may move it out of Research";
    await mount();
    await until(() => expect(options()).toEqual(["Personal", "Design"]));
    await click(button("Move", openDialog() as HTMLElement));
    await until(() => expect(openDialog()?.textContent).toContain(refusal as string));
    expect(moves).toEqual([{ workspaceId: null }]);
  });
});
