import { z } from "zod";

/** Every API error body. `errors` lists field problems on validation failures (400). */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
