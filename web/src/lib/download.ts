import { type Answer, send } from "./api";

/** The file name a server suggests in Content-Disposition (RFC 6266: filename* wins over filename). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // Malformed percent-encoding: fall through to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() ?? null;
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke later: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Waits for a typed call and saves its answer under the server's file name, else `fallbackName`. */
export async function downloadFrom(call: Promise<Answer>, fallbackName: string) {
  const response = await send(call);
  const blob = await response.blob();
  saveBlob(blob, filenameFromDisposition(response.headers.get("Content-Disposition")) ?? fallbackName);
}
