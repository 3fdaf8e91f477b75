// Types for the worker's test setup, which starts stripe-mock through this module.
export declare const stripeMockBin: string;
export declare const STRIPE_TEST_VARS: Record<
  "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_PRICE_PRO_MONTHLY" | "STRIPE_PRICE_PRO_ANNUAL",
  string
>;
export declare function ensureStripeMock(opts?: { bin?: string; goCandidates?: string[] }): string;
export declare function startStripeMock(opts?: { port?: number; detached?: boolean }): Promise<{
  url: string;
  vars: Record<string, string>;
  stop: () => Promise<void>;
}>;
