import { z } from "zod";

/** Every API error body: a message meant for the user. */
export const apiErrorSchema = z.object({ message: z.string() }).meta({ id: "ApiError" });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** A refused request body, query or path (400): the first problem as `message`, then every field's problem. */
export const validationErrorSchema = z
  .object({
    message: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })),
  })
  .meta({ id: "ValidationError" });
export type ValidationErrorBody = z.infer<typeof validationErrorSchema>;
