import { z } from "zod";

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  checks: z.object({ d1: z.boolean(), r2: z.boolean(), queue: z.boolean() }),
});
export type Health = z.infer<typeof healthSchema>;
