import { describe, expect, it } from "vitest";
import { budgetRows } from "./budgets";

describe("the million-session bench's budget table", () => {
  it("holds each figure to its budget, the budget itself passing", () => {
    const rows = budgetRows({
      search: { ms: { default: { p95: 20 }, rareTerm: { p95: 20.01 } } },
      booking: { steady: { bookMs: { p95: 16 } } },
      badges: { msPerSession: 12 },
    });
    expect(rows.map((r) => [r.measure, r.pass])).toEqual([
      ["search p95: default", true],
      ["search p95: rareTerm", false],
      ["booking at the database p95 (20 clients, steady)", false],
      ["award-badges job per completed session", true],
    ]);
  });

  it("gives three rows per page and none for the floor", () => {
    const page = (name: string, status: number | null) => ({ page: name, status, "CPU ms/req, 1 pinned worker": 4.9, "PG ms/req": 2.4, "p95 ms": 9 });
    const rows = budgetRows({ pages: { rows: [page("search", 200), page("minimal Remix app", null)] } });
    expect(rows.map((r) => `${r.measure} ${r.pass ? "pass" : "FAIL"}`)).toEqual([
      "search: Node CPU per request (1 pinned worker) pass",
      "search: PostgreSQL per request FAIL",
      "search: p95 at 100 requests/s pass",
    ]);
  });
});
