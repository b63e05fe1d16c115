import { describe, expect, it } from "vitest";
import { groupRefusalStatus, refusalStatus, reportRefusal } from "./refusals.server";
import { apiCreated, apiRefusal, apiRefused, noContent, refuse, seeOther } from "./replies.server";

describe("the named replies pick their status from the refusal", () => {
  it("maps the edge's own words too", () => {
    expect(refusalStatus("unauthenticated")).toBe(401);
    expect(refusalStatus("declined")).toBe(402);
    expect(refusalStatus("limited")).toBe(429);
    expect(refusalStatus("providerFailed")).toBe(502);
    expect(refusalStatus("unavailable")).toBe(503);
  });

  it("answers a page's refused form with its body under the refusal's status", () => {
    const reply = refuse("conflict", { error: "x" });
    expect([reply.init?.status, reply.data]).toEqual([409, { error: "x" }]);
  });

  it("answers the API's refusals, creations and redirects as before", async () => {
    const refused = apiRefusal("limited", "Too many", { "Retry-After": "30" });
    expect([refused.status, refused.headers.get("Retry-After"), refused.headers.get("Cache-Control"), await refused.json()]).toEqual([
      429,
      "30",
      "no-store",
      { error: "Too many" },
    ]);
    const shaped = apiRefused("invalid", { success: false, error: "e" });
    expect([shaped.status, await shaped.json()]).toEqual([400, { success: false, error: "e" }]);
    expect(apiCreated({ id: 1 }).status).toBe(201);
    expect(noContent().status).toBe(204);
    const next = seeOther("/es/x");
    expect([next.status, next.headers.get("Location")]).toEqual([303, "/es/x"]);
  });

  it("keeps the group booking and report statuses of their routes", () => {
    expect([groupRefusalStatus("notEnoughSeats"), groupRefusalStatus("tooManyGroups"), groupRefusalStatus("providerError")]).toEqual([409, 429, 502]);
    expect([reportRefusal.self, reportRefusal.rateLimited].map(refusalStatus)).toEqual([403, 429]);
  });
});
