import { apiErrorSchema, binarySchema, planLimitErrorSchema, validationErrorSchema } from "@verbatim/shared";
import type { Hono } from "hono";
import { describeRoute, generateSpecs, resolver } from "hono-openapi";
import type { OpenAPIV3_1 } from "openapi-types";
import { z } from "zod";
import pkg from "../../../package.json";
import { requiredScope } from "../rules/api-key-scopes";
import { SESSION_COOKIE } from "./session-cookie";

// The OpenAPI document (GET /api/openapi.json) is generated from the routes themselves: each route's
// validators (http/validate.ts) contribute its request schemas, and `doc()` below its responses, all taken
// from the shared zod schemas. Nothing in it is written by hand but prose.

/** Response schemas are described as the API writes them (zod's output side: defaults applied, no extra keys). */
const asOutput = { options: { io: "output" } };
/** Request bodies that are not validated as JSON (streamed uploads, multipart) are described as zod's input side. */
const asInput = { options: { io: "input" } };

type Responses = NonNullable<Parameters<typeof describeRoute>[0]["responses"]>;
type RequestBody = OpenAPIV3_1.RequestBodyObject;
type Schema = z.ZodType;

/** One response (typed, so declaration files need not name hono-openapi's own JSON-schema types). */
type Response = Exclude<Responses[number], OpenAPIV3_1.ReferenceObject>;

export const json = (schema: Schema, description: string): Response => ({
  description,
  content: { "application/json": { schema: resolver(schema, asOutput) } },
});

/** A file in the response body, in any of the given media types. */
export const file = (
  description: string,
  mediaTypes: string[],
  headers?: OpenAPIV3_1.ResponseObject["headers"],
): Response => ({
  description,
  headers,
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: resolver(binarySchema, asOutput) }])),
});

const MEDIA_TYPES = ["audio/*", "video/*", "application/octet-stream"];

/** A recording served with HTTP Range, which players seek with: the header and the answers it can get. */
export const rangedMedia = {
  parameters: [
    {
      in: "header" as const,
      name: "Range",
      required: false,
      schema: { type: "string" as const },
      description: "bytes=start-end",
    },
  ],
  responses: {
    200: file("The whole recording", MEDIA_TYPES),
    206: file("The requested bytes", MEDIA_TYPES),
    416: { description: "The range is outside the recording (Content-Range says its size)" },
  },
};

/** Raw bytes as the request body (a chunk, a part, a recording). */
export const rawBody = (description: string): RequestBody =>
  ({
    required: true,
    description,
    content: { "application/octet-stream": { schema: resolver(binarySchema, asInput) } },
  }) as unknown as RequestBody;

/** An optional JSON body (a route that reads it itself because older clients send none). */
export const optionalJsonBody = (schema: Schema, description: string): RequestBody =>
  ({
    required: false,
    description,
    content: { "application/json": { schema: resolver(schema, asInput) } },
  }) as unknown as RequestBody;

/** A multipart form as the request body; the route reads it itself (streamed), so the schema only documents it. */
export const formBody = (schema: Schema, description: string): RequestBody =>
  ({
    required: true,
    description,
    content: { "multipart/form-data": { schema: resolver(schema, asInput) } },
  }) as unknown as RequestBody;

const ERRORS = {
  400: "Invalid request: the message says why; validation failures list every field in `errors`",
  401: "Not signed in (no or expired session cookie)",
  402: "The plan's limit is reached: the body names the limit and where to upgrade",
  403: "Cross-origin request refused (CSRF defence)",
  404: "No such resource, or not the caller's",
  409: "The resource's state does not allow this",
  412: "If-Match named a version that is no longer current: the resource was changed since",
  413: "The body is too large",
  415: "The file is not an accepted audio or video type",
  416: "The requested byte range is outside the recording",
  429: "Too many requests (failed sign-ins, sign-ups, exports, open uploads); Retry-After says when to try again",
  502: "An outside service (payments, Google) did not answer as expected; try again",
  503: "That outside service (payments, Google) is not configured on this server",
} as const;
type ErrorStatus = keyof typeof ERRORS;

function errorResponse(status: ErrorStatus) {
  const schema =
    status === 400
      ? z.union([validationErrorSchema, apiErrorSchema])
      : status === 402
        ? planLimitErrorSchema
        : apiErrorSchema;
  const response = json(schema, ERRORS[status]);
  if (status === 429)
    return {
      ...response,
      headers: { "Retry-After": { schema: { type: "integer" as const }, description: "Seconds to wait" } },
    };
  return response;
}

export const SESSION = "session";

/**
 * Describes one route for the OpenAPI document: its responses (success bodies from shared schemas, error
 * statuses with the shared error shapes) and whether it needs the session cookie (then 401 is implied).
 */
export function doc(spec: {
  summary: string;
  tag: string;
  auth?: boolean;
  description?: string;
  requestBody?: RequestBody;
  parameters?: OpenAPIV3_1.ParameterObject[];
  responses: Responses;
  errors?: ErrorStatus[];
}) {
  const { auth = true, errors = [], tag, responses, ...rest } = spec;
  const statuses = new Set<ErrorStatus>(auth ? [401, ...errors] : errors);
  return describeRoute({
    ...rest,
    tags: [tag],
    security: auth ? [{ [SESSION]: [] }] : [],
    responses: { ...responses, ...Object.fromEntries([...statuses].map((s) => [s, errorResponse(s)])) },
  });
}

/**
 * Every state-changing request may be refused as cross-origin, or for a JSON body over 1 MB
 * (http/body-limit.ts). hono-openapi leaves resolver() schemas in its per-method defaults unresolved on
 * routes with validators, so these are resolved here first.
 */
async function stateChangingErrors() {
  const { schema } = await resolver(apiErrorSchema, asOutput).toOpenAPISchema();
  const response = (status: 403 | 413) => ({
    description: ERRORS[status],
    content: { "application/json": { schema } },
  });
  return { responses: { 403: response(403), 413: response(413) } };
}

let cached: Promise<OpenAPIV3_1.Document> | undefined;

/** The document for the whole app, built on the first request and kept for the Worker's lifetime. */
export function apiDocument(app: Pick<Hono, "routes">) {
  cached ??= build(app).catch((err) => {
    cached = undefined;
    throw err;
  });
  return cached;
}

export const API_KEY = "apiKey";

const errorBody: OpenAPIV3_1.ResponseObject["content"] = {
  "application/json": {
    schema: { type: "object", properties: { message: { type: "string" } }, required: ["message"] },
  },
};
const KEY_REFUSED: OpenAPIV3_1.ResponseObject = {
  description: "The API key's scopes do not reach this operation (or a cross-origin request, with the cookie)",
  content: errorBody,
};
const KEY_PACE: OpenAPIV3_1.ResponseObject = {
  description: "Too many requests with this API key: Retry-After says when to try again",
  headers: { "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait" } },
  content: errorBody,
};

/**
 * Each operation an API key may call also accepts the key, with the scope it needs (rules/api-key-scopes.ts, the
 * table the Bearer check uses), so a generated client knows which key reaches what; and it may answer what a key
 * is answered: 403 for a scope that does not reach, 429 past the key's pace.
 */
function withApiKeys(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ["get", "head", "post", "put", "patch", "delete"] as const) {
      const operation = item?.[method];
      const scope = requiredScope(method, path);
      if (!operation || !scope || !operation.security?.length) continue;
      // An operation for keys alone (the OpenAI audio API) describes its key and refusals itself.
      if (operation.security.some((scheme) => API_KEY in scheme)) continue;
      operation.security = [...operation.security, { [API_KEY]: [scope] }];
      operation.responses = { 403: KEY_REFUSED, 429: KEY_PACE, ...operation.responses } as typeof operation.responses;
    }
  }
  return document;
}

async function build(app: Pick<Hono, "routes">) {
  const changing = await stateChangingErrors();
  const document = await generateSpecs(app as never, {
    excludeStaticFile: false,
    defaultOptions: { POST: changing, PUT: changing, PATCH: changing, DELETE: changing },
    documentation: {
      info: {
        title: "Verbatim API",
        version: pkg.version,
        description:
          "Meeting transcription: uploads, jobs, transcripts, analysis and exports. Errors are JSON {message}.",
      },
      components: {
        securitySchemes: {
          [SESSION]: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: "Set by POST /api/register and /api/login (httpOnly, SameSite=Lax)",
          },
          [API_KEY]: {
            type: "http",
            scheme: "bearer",
            description:
              "An API key from Settings › API (`Authorization: Bearer vbt_…`). Each operation lists the scope it needs; " +
              "account operations take no key. 120 requests a minute per key (RateLimit and RateLimit-Policy headers).",
          },
        },
      },
    },
  });
  return withApiKeys(document);
}
