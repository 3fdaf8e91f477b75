import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { validationError } from "./errors";

/** zod validation with the API's error shape: 400 {message, errors}. Malformed JSON is refused the same way. */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) return c.json(validationError(result.error as never), 400);
  });
}
