import { hc } from "hono/client";
import type { ExtractSchema } from "hono/types";
import { describe, expectTypeOf, it } from "vitest";
import type { createApp } from "./app";
import type { AppType } from "./app-type";

// Compile-only (the typecheck runs it): the typed client knows every route, its inputs and its answers.
const client = hc<AppType>("http://localhost");

describe("AppType", () => {
  it("has exactly the routes the app serves (but the OpenAPI document)", () => {
    type Served = Exclude<keyof ExtractSchema<ReturnType<typeof createApp>>, "/api/openapi.json">;
    type Typed = keyof ExtractSchema<AppType>;
    expectTypeOf<Typed>().toEqualTypeOf<Served>();
  });

  it("types the routes the web app calls", () => {
    expectTypeOf(client.api.transcriptions.$get).toBeFunction();
    expectTypeOf(client.api.transcriptions[":id"].rename.$patch).parameter(0).toHaveProperty("json");
    expectTypeOf(client.api.meetings.$get).parameter(0).toHaveProperty("query");
    expectTypeOf(client.api["create-checkout-session"].$post).toBeFunction();
    expectTypeOf(client.api.user.preferences.$put).toBeFunction();
  });

  it("refuses a route the Worker does not have", () => {
    // @ts-expect-error: there is no /api/google/meetings (the calendar is /api/meetings)
    void client.api.google.meetings;
    // @ts-expect-error: /api/transcriptions has no PUT
    void client.api.transcriptions.$put;
    // @ts-expect-error: rename is a PATCH
    void client.api.transcriptions[":id"].rename.$post;
  });

  it("types the JSON answers with the shared shapes", async () => {
    const res = await client.api.google.status.$get();
    if (res.ok) expectTypeOf((await res.json()).connected).toEqualTypeOf<boolean>();
  });
});
