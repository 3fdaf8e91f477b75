/** How long the browser may take to read a file's length before the file is sent without it being known. */
const READ_TIMEOUT_MS = 10_000;

/**
 * Seconds of audio in a chosen file, from an HTMLMediaElement's metadata (`loadedmetadata`), before anything is
 * sent; null when this browser cannot read it (an unsupported format, a damaged file), and the server decides.
 */
export function readDuration(file: Blob, type = file.type): Promise<number | null> {
  return new Promise((resolve) => {
    const media = document.createElement(type.startsWith("video/") ? "video" : "audio");
    const url = URL.createObjectURL(file);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const done = (seconds: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      media.removeAttribute("src");
      media.load();
      URL.revokeObjectURL(url);
      resolve(seconds !== null && Number.isFinite(seconds) && seconds > 0 ? seconds : null);
    };
    media.preload = "metadata";
    media.addEventListener("loadedmetadata", () => done(media.duration), { once: true });
    media.addEventListener("error", () => done(null), { once: true });
    timer = setTimeout(() => done(null), READ_TIMEOUT_MS);
    media.src = url;
  });
}

/** Over the plan's length per recording (`maxSeconds` null: no limit, or the length is unknown). */
export const overLength = (duration: number | null | undefined, maxSeconds: number | null) =>
  maxSeconds !== null && typeof duration === "number" && duration > maxSeconds;
