/**
 * "Firefox, Windows": a browser and a system read from a User-Agent header, for the new-device e-mail (names, so the
 * same in every language); the header's start when it names no browser we know.
 */
export function describeUserAgent(userAgent: string | null | undefined) {
  const ua = userAgent ?? "";
  const browser =
    [
      ["Edg/", "Edge"],
      ["OPR/", "Opera"],
      ["Firefox/", "Firefox"],
      ["Chrome/", "Chrome"],
      ["Safari/", "Safari"],
    ].find(([needle]) => ua.includes(needle as string))?.[1] ??
    (ua.slice(0, 60) || "?");
  const system =
    [
      ["Windows", "Windows"],
      ["iPhone", "iOS"],
      ["iPad", "iPadOS"],
      ["Android", "Android"],
      ["Mac OS X", "macOS"],
      ["CrOS", "ChromeOS"],
      ["Linux", "Linux"],
    ].find(([needle]) => ua.includes(needle as string))?.[1] ?? null;
  return system ? `${browser}, ${system}` : browser;
}
