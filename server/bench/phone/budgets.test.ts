import { describe, expect, test } from "vitest";
import { failures, type LighthouseRun, type Measured, median, medianRun, phoneRow, phoneTable, readableMs } from "./budgets";

const run = (overrides: Partial<LighthouseRun> = {}): LighthouseRun => ({
  benchmarkIndex: 1500,
  score: 100,
  lcpMs: 700,
  fcpMs: 600,
  cls: 0,
  tbtMs: 0,
  documentBytes: 6_000,
  scriptBytes: 4_200,
  ...overrides,
});

const measured = (overrides: Partial<Measured> = {}): Measured => ({
  page: "home",
  signedIn: true,
  lighthouse: [run(), run(), run()],
  scripts: [],
  lcp: null,
  throttled: { "3g": { fcpMs: 500, lcpMs: 550, referenceMs: null }, "2g": { fcpMs: 1_000, lcpMs: 1_100, referenceMs: null } },
  ...overrides,
});

describe("median", () => {
  test("is the middle value of an odd count and the mean of the middle two of an even one", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  test("takes each metric's median on its own, so one slow run moves none of them", () => {
    const middle = medianRun([run({ lcpMs: 700, score: 99 }), run({ lcpMs: 2_300, score: 77 }), run({ lcpMs: 950, score: 100 })]);
    expect(middle.lcpMs).toBe(950);
    expect(middle.score).toBe(99);
  });
});

describe("readable", () => {
  test("is the largest contentful paint, and for the voucher the moment its reference is painted", () => {
    expect(readableMs("search", { fcpMs: 900, lcpMs: 1_200, referenceMs: null })).toBe(1_200);
    expect(readableMs("voucher", { fcpMs: 900, lcpMs: 1_500, referenceMs: 1_100 })).toBe(1_100);
  });

  test("is never before the first contentful paint (the frame that found the reference runs just before its paint)", () => {
    expect(readableMs("voucher", { fcpMs: 1_168, lcpMs: 1_168, referenceMs: 1_149 })).toBe(1_168);
  });

  test("is unknown when the browser never reported the moment", () => {
    expect(readableMs("voucher", { fcpMs: 900, lcpMs: 900, referenceMs: null })).toBeNull();
  });
});

describe("budgets", () => {
  test("a page within every budget has no failures", () => {
    const row = phoneRow(measured());
    expect(row.checks.every((c) => c.pass)).toBe(true);
    expect(failures([row])).toEqual([]);
  });

  test("each budget fails just past its limit and passes at it", () => {
    const at = phoneRow(measured({ lighthouse: [run({ score: 98, lcpMs: 800, documentBytes: 14_000, scriptBytes: 10_240 })] }));
    expect(at.checks.every((c) => c.pass)).toBe(true);
    const past = phoneRow(measured({ lighthouse: [run({ score: 97, lcpMs: 801, documentBytes: 14_001, scriptBytes: 10_241 })] }));
    expect(past.checks.filter((c) => !c.pass).map((c) => c.budget)).toEqual(["first response", "Lighthouse score", "LCP", "JavaScript"]);
  });

  test("the 2G budgets apply to the voucher (3 s) and the search (3.5 s) only", () => {
    const slow = { fcpMs: 3_200, lcpMs: 3_400, referenceMs: 3_300 };
    const throttled = { "3g": slow, "2g": slow };
    expect(phoneRow(measured({ page: "voucher", throttled })).checks.find((c) => c.budget === "2G readable")?.pass).toBe(false);
    expect(phoneRow(measured({ page: "search", throttled })).checks.find((c) => c.budget === "2G readable")?.pass).toBe(true);
    expect(phoneRow(measured({ page: "calendar", throttled })).checks.some((c) => c.budget === "2G readable")).toBe(false);
  });

  test("a voucher whose reference never appeared fails its budget rather than passing unmeasured", () => {
    const never = { fcpMs: 900, lcpMs: 900, referenceMs: null };
    const row = phoneRow(measured({ page: "voucher", throttled: { "3g": never, "2g": never } }));
    expect(failures([row])).toEqual(["voucher (signed in): 2G readable not measured, budget ≤ 3000"]);
  });
});

describe("the table", () => {
  test("marks each budgeted value pass or FAIL and leaves the others unmarked", () => {
    const rows = [
      phoneRow(measured({ page: "search", lighthouse: [run({ lcpMs: 1_190, scriptBytes: 6_168 })] })),
      phoneRow(measured({ page: "home", signedIn: false, lighthouse: [run({ scriptBytes: 0 })] })),
    ];
    const lines = phoneTable(rows).split("\n");
    expect(lines[0]).toBe("| page | who | score | LCP s | FCP s | CLS | TBT ms | doc KB | JS KB | 3G readable s | 2G readable s |");
    expect(lines[2]).toBe("| search | signed in | 100 pass | 1.19 FAIL | 0.60 | 0.000 | 0 | 6.0 pass | 6.2 pass | 0.55 | 1.10 pass |");
    expect(lines[3]).toBe("| home | signed out | 100 pass | 0.70 pass | 0.60 | 0.000 | 0 | 6.0 pass | 0.0 pass | 0.55 | 1.10 |");
  });
});
