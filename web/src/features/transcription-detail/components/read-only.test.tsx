import type { TranscriptDoc } from "@verbatim/shared/transcript";
import { describe, expect, test } from "vitest";
import { useRights } from "@/entities/workspace/rights";
import { appHarness, button, FAKE_USER, jsonAnswer, noFakeAnswer, openDialog, until } from "@/test-support/app-harness";
import { fakeTranscription, fakeWorkspace } from "../../../../e2e/support/fake-answers";
import { linesFromSegments } from "../lib/timed-lines";
import { ShareDialog } from "./share-dialog";
import { TranscriptTab } from "./transcript-tab";

// A viewer reads a team's transcript and its share links, but is offered no editing and no new or revoked links.
// The page decides with useRights (the role from the workspaces list), as here.

const DOC: TranscriptDoc = {
  language: "en",
  duration: 4,
  segments: [{ start: 0, end: 4, text: "Hello team", words: [] }],
  version: 1,
};
const viewerOf = (id: string) => fakeWorkspace({ id, name: "Sales", role: "viewer" });

async function fakeApi(request: Request) {
  const path = new URL(request.url).pathname;
  if (path === "/api/session") return jsonAnswer({ user: FAKE_USER });
  if (path === "/api/user") return jsonAnswer(FAKE_USER);
  if (path === "/api/workspaces") return jsonAnswer({ workspaces: [viewerOf("w2")] });
  if (path === "/api/transcriptions/t1/share-links")
    return jsonAnswer({
      links: [
        {
          id: "l1",
          includeRecording: true,
          includeSummary: false,
          createdAt: "2026-11-20T00:00:00.000Z",
          expiresAt: null,
          viewCount: 2,
          lastViewedAt: null,
        },
      ],
    });
  return noFakeAnswer(request);
}

const app = appHarness(fakeApi);

/** The detail page's gate, on a transcription of workspace w2 (where the caller is a viewer) or personal. */
function Transcript({ workspaceId }: { workspaceId: string | null }) {
  const may = useRights();
  const t = fakeTranscription({ id: "t1", workspace_id: workspaceId, user_id: FAKE_USER.id });
  const canEdit = may(t, "edit");
  return (
    <>
      <p data-testid="rights">
        {["read", "comment", "edit", "upload", "delete"].filter((a) => may(t, a as never)).join(",")}
      </p>
      <TranscriptTab
        transcriptionId="t1"
        lines={linesFromSegments(DOC.segments)}
        doc={DOC}
        version={1}
        fresh
        mayEdit={canEdit}
        formatted={null}
        processing={false}
        time={0}
        follow={false}
      />
      <ShareDialog transcriptionId="t1" canCreate={canEdit} open onOpenChange={() => {}} />
    </>
  );
}

const rights = () => document.querySelector('[data-testid="rights"]')?.textContent;

describe("a viewer's transcript", () => {
  test("reads and comments only: no editing, no new link, no revoking", async () => {
    await app.mount(() => <Transcript workspaceId="w2" />);
    await until(() => expect(rights()).toBe("read,comment"));
    await until(() => expect(openDialog()?.textContent).toContain("opened 2 times"));
    expect(button("Edit transcript")).toBeUndefined();
    expect(openDialog()?.querySelector("form")).toBeNull();
    expect(button("Revoke", openDialog() as HTMLElement)).toBeUndefined();
  });

  test("in the personal space everything is offered", async () => {
    await app.mount(() => <Transcript workspaceId={null} />);
    await until(() => expect(rights()).toBe("read,comment,edit,upload,delete"));
    expect(button("Edit transcript")).toBeDefined();
    await until(() => expect(openDialog()?.textContent).toContain("opened 2 times"));
    expect(button("Revoke", openDialog() as HTMLElement)).toBeDefined();
    expect(openDialog()?.querySelector("form")).not.toBeNull();
  });
});
