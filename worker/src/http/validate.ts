import type { ValidationTargets } from "hono";
import { validator } from "hono-openapi";
import type { ZodType, z } from "zod";
import { ApiError, validationError } from "./errors";

export const NOT_JSON = "Send the body as JSON (Content-Type: application/json)";

export const isJson = (contentType: string | null | undefined) => {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type);
};

/**
 * zod validation with the API's error shape: 400 {message, errors}. Malformed JSON is refused the same way.
 * hono-openapi's validator also hands the schema to the OpenAPI document (GET /api/openapi.json).
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return validator(target, schema, (result, c) => {
    // Hono reads a body that is not declared JSON as {}, which an all-optional schema (preferences) would
    // accept: a missing or mislabelled body would then "succeed" without changing anything.
    if (target === "json" && !isJson(c.req.header("Content-Type"))) {
      return c.json(validationError([{ message: NOT_JSON }]), 400);
    }
    // `offset=` would read as 0 (a number coerced from ""): a parameter named without a value is refused instead.
    if (target === "query") {
      const empty = [...new URL(c.req.url).searchParams].filter(([, value]) => value === "").map(([name]) => name);
      if (empty.length > 0)
        return c.json(validationError(empty.map((name) => ({ path: [name], message: `${name} has no value` }))), 400);
    }
    if (!result.success) return c.json(validationError(result.error), 400);
  });
}

/**
 * A JSON body that may be left out (clients from before it existed send none): no body reads as {} (the
 * schema's defaults); a body that is there must be JSON (by its Content-Type, else refused unread, within the
 * 1 MB JSON limit) matching the schema, else 400 like validate().
 * Read by the route itself so the typed client (hc) does not demand a body.
 */
export async function readOptionalJson<T extends ZodType>(req: Request, schema: T): Promise<z.output<T>> {
  const empty = () => schema.parse({}) as z.output<T>;
  if (!req.body || req.headers.get("Content-Length") === "0") return empty();
  if (!isJson(req.headers.get("Content-Type"))) throw new ApiError(400, NOT_JSON);
  const raw = await req.text();
  if (!raw.trim()) return empty();
  const parsed = schema.safeParse(parseJson(raw));
  if (!parsed.success) {
    const { message, errors } = validationError(parsed.error.issues);
    throw new ApiError(400, message, {}, { errors });
  }
  return parsed.data;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new ApiError(400, "Malformed request body");
  }
}
