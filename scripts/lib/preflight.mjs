// What the start and test commands need from the machine, checked in their first seconds. As root on
// Debian/Ubuntu whatever is missing is installed (one `apt-get update`, one `apt-get install`); otherwise the
// command stops at once and prints the exact line to run, instead of failing twenty minutes in.
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

const onPath = (cmd) =>
  (process.env.PATH ?? "").split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, cmd), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
const succeeds = (cmd, args) => onPath(cmd) && spawnSync(cmd, args, { stdio: "ignore" }).status === 0;

/** Each need: how to tell it is there, the Debian package that brings it, and who needs it. */
const START = [
  { name: "python3", pkg: "python3", why: "the speech engine", present: () => onPath("python3") },
  {
    name: "python3 venv",
    pkg: "python3-venv",
    why: "the speech engine's virtualenv",
    present: () => succeeds("python3", ["-c", "import venv, ensurepip"]),
  },
];
const TEST = [
  ...START,
  { name: "sox", pkg: "sox", why: "test audio made from the fixtures", present: () => onPath("sox") && onPath("soxi") },
  {
    name: "espeak-ng",
    pkg: "espeak-ng",
    why: "synthetic speech in other languages",
    present: () => onPath("espeak-ng"),
  },
  {
    name: "pdftotext",
    pkg: "poppler-utils",
    why: "checking the PDF export",
    present: () => onPath("pdftotext") && onPath("pdftoppm"),
  },
  {
    name: "unzip",
    pkg: "unzip",
    why: "checking the bulk ZIP export",
    present: () => onPath("unzip") && onPath("zipinfo"),
  },
  { name: "chromium", pkg: "chromium", why: "the browser tests", present: () => onPath("chromium") },
];

function nodeIsRecentEnough() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  return major > 20 || (major === 20 && minor >= 19);
}

/** Checks (and as root installs) what `kind` ("start" or "test") needs; exits 1 with the install line if it can't. */
export function preflight(kind) {
  if (!nodeIsRecentEnough())
    fail(`Node.js ${process.versions.node} is too old: Verbatim needs Node.js 20.19 or newer.`);
  const needs = kind === "test" ? TEST : START;
  let missing = needs.filter((n) => !n.present());
  if (!missing.length) return;
  const pkgs = [...new Set(missing.map((n) => n.pkg))];
  const asRoot = process.getuid?.() === 0;
  if (asRoot && onPath("apt-get")) {
    console.log(`Installing ${pkgs.join(", ")} (needed for ${missing.map((n) => n.why).join("; ")})…`);
    const apt = (args) =>
      spawnSync("apt-get", args, {
        stdio: ["ignore", "ignore", "inherit"],
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
    const ok =
      apt(["update", "-qq"]).status === 0 &&
      apt(["install", "-y", "-qq", "--no-install-recommends", ...pkgs]).status === 0;
    missing = needs.filter((n) => !n.present());
    if (ok && !missing.length) return;
  }
  const list = missing.map((n) => `  - ${n.name} (${n.why})`).join("\n");
  const line = onPath("apt-get")
    ? `sudo apt-get install -y ${pkgs.join(" ")}`
    : `install these packages: ${pkgs.join(" ")}`;
  fail(
    `This machine lacks what the ${kind} command needs:\n${list}\n\nInstall them, then run the command again:\n\n    ${line}\n`,
  );
}

function fail(message) {
  console.error(`\n✗ ${message}`);
  process.exit(1);
}
