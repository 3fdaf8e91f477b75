import type { Workspace } from "@verbatim/shared/workspaces";
import { describe, expect, test } from "vitest";
import { useTranscriptions } from "@/entities/transcription/transcriptions-api";
import {
  appHarness,
  button,
  click,
  FAKE_USER,
  jsonAnswer,
  noFakeAnswer,
  openDialog,
  type,
  until,
} from "@/test-support/app-harness";
import { fakeTranscription, fakeWorkspace } from "../../../../e2e/support/fake-answers";
import { setCurrentSpace } from "../current-space";
import { SpaceSwitcher } from "./space-switcher";

// The switcher picks the space the list works in: `?space=` on GET /api/transcriptions, none for personal, and
// each space's list cached apart.

const team = (id: string, name: string, role: Workspace["role"]) =>
  fakeWorkspace({ id, name, role, ownerName: "Dana Reyes", memberCount: 3 });

let workspaces: Workspace[];
/** The `space` of each GET /api/transcriptions, "" for none. */
let listed: string[];
let created: unknown[];

async function fakeApi(request: Request) {
  const url = new URL(request.url);
  if (url.pathname === "/api/session") return jsonAnswer({ user: FAKE_USER });
  if (url.pathname === "/api/user") return jsonAnswer(FAKE_USER);
  if (url.pathname === "/api/workspaces" && request.method === "GET") return jsonAnswer({ workspaces });
  if (url.pathname === "/api/workspaces" && request.method === "POST") {
    const body = (await request.json()) as { name: string };
    created.push(body);
    const made = team("w9", body.name, "owner");
    workspaces = [...workspaces, made];
    return jsonAnswer(made, 201);
  }
  if (url.pathname === "/api/transcriptions") {
    const space = url.searchParams.get("space") ?? "";
    listed.push(space);
    return jsonAnswer([fakeTranscription({ id: `in-${space || "personal"}`, name: `In ${space || "personal"}` })]);
  }
  return noFakeAnswer(request);
}

const app = appHarness(fakeApi, () => {
  localStorage.clear();
  setCurrentSpace(null);
  workspaces = [team("w1", "Research", "admin"), team("w2", "Sales", "viewer")];
  listed = [];
  created = [];
});

/** The list of the current space, as the dashboard shows it. */
function List() {
  const { data } = useTranscriptions();
  return (
    <ul aria-label="list">
      {data?.map((t) => (
        <li key={t.id}>{t.name}</li>
      ))}
    </ul>
  );
}

const shown = () => document.querySelector('[aria-label="list"]')?.textContent;
const pressed = () => document.querySelector('button[aria-pressed="true"]')?.textContent;

describe("the space switcher", () => {
  test("lists Personal and each team with the caller's role; switching asks for that space's list", async () => {
    await app.mount(() => (
      <>
        <SpaceSwitcher />
        <List />
      </>
    ));
    await until(() => expect(shown()).toBe("In personal"));
    expect(listed).toEqual([""]);
    await until(() => expect(app.host.textContent).toContain("ResearchAdmin"));
    expect(app.host.textContent).toContain("SalesViewer");
    expect(pressed()).toBe("Personal");

    await click([...document.querySelectorAll("button")].find((b) => b.textContent === "SalesViewer"));
    await until(() => expect(shown()).toBe("In w2"));
    expect(listed).toEqual(["", "w2"]);
    expect(pressed()).toBe("SalesViewer");
    expect(localStorage.getItem("verbatim-space")).toBe(JSON.stringify("w2"));

    // Back to personal: its list is the cached one, kept apart from the team's.
    await click(button("Personal"));
    await until(() => expect(shown()).toBe("In personal"));
  });

  test("a stored team the list no longer has falls back to personal", async () => {
    setCurrentSpace("gone");
    await app.mount(() => (
      <>
        <SpaceSwitcher />
        <List />
      </>
    ));
    await until(() => expect(pressed()).toBe("Personal"));
    await until(() => expect(shown()).toBe("In personal"));
    expect(localStorage.getItem("verbatim-space")).toBe(JSON.stringify("personal"));
  });

  test("Create workspace posts its name and switches to the new team", async () => {
    await app.mount(() => (
      <>
        <SpaceSwitcher />
        <List />
      </>
    ));
    await until(() => expect(shown()).toBe("In personal"));
    await click(button("Create workspace"));
    const dialog = openDialog() as HTMLDialogElement;
    await click(button("Create", dialog));
    expect(dialog.textContent).toContain("Give the workspace a name");
    expect(created).toEqual([]);

    await type(dialog.querySelector("input") as HTMLInputElement, "  Design  ");
    await click(button("Create", dialog));
    await until(() => expect(created).toEqual([{ name: "Design" }]));
    await until(() => expect(shown()).toBe("In w9"));
    expect(pressed()).toBe("DesignOwner");
    expect(openDialog()).toBeNull();
  });
});
