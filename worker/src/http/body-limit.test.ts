import { describe, expect, it } from "vitest";
import { api } from "../../test/http";

describe("JSON bodies", () => {
  it("are bounded at 1 MB whatever the case of their media type (issue 32, finding 4)", async () => {
    const big = JSON.stringify({ username: "x".repeat(2 * 1024 * 1024), password: "y" });
    for (const type of ["application/json", "Application/JSON", "APPLICATION/JSON; charset=utf-8"]) {
      const res = await api("/api/login", { method: "POST", headers: { "Content-Type": type }, body: big });
      expect(res.status, type).toBe(413);
    }
  });
});
