// Worker settings for the browser tests. Each test client sends its own CF-Connecting-IP (web/e2e/support/
// session.ts), which the Worker trusts only when told it runs behind Cloudflare: here it is told so, as
// production is. The suite also creates far more accounts and exports than any person would, so the abuse
// limits are raised (their own tests run in the Workers test pool, with the production numbers).
export const E2E_WORKER_VARS = {
  TRUST_CLOUDFLARE_IP: "true",
  SIGNUPS_PER_IP_PER_HOUR: "1000000",
  SIGNUPS_PER_MINUTE: "1000000",
  EXPORTS_PER_MINUTE: "1000000",
  OPEN_UPLOADS_PER_USER: "1000000",
  // The fuzzing sends far more than a script would with its key (worker/src/auth/api-key.test.ts tests the pace).
  API_KEY_REQUESTS_PER_MINUTE: "1000000",
  // Webhooks to a receiver the browser tests run on loopback (http://127.0.0.1:…), as in local development.
  WEBHOOKS_ALLOW_HTTP_LOOPBACK: "true",
};
