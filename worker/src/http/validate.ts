import type { ValidationTargets } from "hono";
import { validator } from "hono-openapi";
import type { ZodType } from "zod";
import { validationError } from "./errors";

/**
 * zod validation with the API's error shape: 400 {message, errors}. Malformed JSON is refused the same way.
 * hono-openapi's validator also hands the schema to the OpenAPI document (GET /api/openapi.json).
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return validator(target, schema, (result, c) => {
    if (!result.success) return c.json(validationError(result.error), 400);
  });
}
