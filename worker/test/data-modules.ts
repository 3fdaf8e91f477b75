/**
 * Vite plugin for the Node test project: a `.ttf` import yields the file's bytes as an ArrayBuffer, as wrangler's
 * `Data` module rule does in the Worker bundle (Vite on its own would yield an asset URL).
 */
export function dataModules() {
  return {
    name: "verbatim:data-modules",
    enforce: "pre" as const,
    load(id: string) {
      const path = id.split("?")[0] as string;
      if (!path.endsWith(".ttf")) return null;
      return [
        `import { readFileSync } from "node:fs";`,
        `const bytes = readFileSync(${JSON.stringify(path)});`,
        "export default bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);",
      ].join("\n");
    },
  };
}
