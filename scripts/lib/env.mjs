// Settings every wrangler invocation here shares: no telemetry, no network look-ups, quiet banner.
export const root = new URL("../../", import.meta.url).pathname;

export const wranglerEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
};

export const wranglerBin = `${root}node_modules/.bin/wrangler`;
export const asrPython = `${root}asr/.venv/bin/python`;
