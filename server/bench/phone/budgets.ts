// The phone bench's budgets and its table: pure, so the pass/FAIL verdicts are tested apart from any browser.

/** The pages a player uses on a phone, in the order the table lists them. */
export const PHONE_PAGES = [
  "home",
  "search",
  "session",
  "series",
  "session confirm",
  "series confirm",
  "OXXO name form",
  "voucher",
  "profile",
  "notifications",
  "chats",
  "calendar",
] as const;
export type PhonePage = (typeof PHONE_PAGES)[number];

/** One Lighthouse run of a page (mobile, simulated slow 4G and 4× CPU). Bytes are on the wire, response headers included. */
/** `benchmarkIndex` is Lighthouse's measure of the host's CPU during the run, which its 4× slowdown assumes to be about 1,500. */
export type LighthouseRun = {
  score: number;
  lcpMs: number;
  fcpMs: number;
  cls: number;
  tbtMs: number;
  documentBytes: number;
  scriptBytes: number;
  benchmarkIndex: number;
};

/** One cold load under applied throttling; null when the browser never reported it. */
export type ThrottledRun = { fcpMs: number | null; lcpMs: number | null; referenceMs: number | null };
export type Network = "3g" | "2g";

export type Measured = {
  page: PhonePage;
  signedIn: boolean;
  lighthouse: LighthouseRun[];
  /** Every script any Lighthouse run of the page loaded (path and gzipped bytes), so a failed JavaScript budget says where it went. */
  scripts: { url: string; bytes: number }[];
  /** The last Lighthouse run's LCP element and the phases of its time, to say where an LCP goes. */
  lcp: { element: string; phases: Record<string, number> } | null;
  throttled: Record<Network, ThrottledRun>;
};

/**
 * The acceptance budgets. KB is 1,000 bytes: 14 KB is what fits in TCP's first round trip
 * (ten segments of about 1,460 bytes, headers included), so the document's headers count too.
 */
export const BUDGETS = {
  documentBytes: 14_000,
  lighthouseScore: 98,
  lcpMs: 800,
  scriptBytes: 10 * 1024,
  twoG: { voucherReadableMs: 3_000, searchReadableMs: 3_500 },
} as const;

export type Check = { budget: string; value: number | null; limit: number; atLeast: boolean; pass: boolean };

export type PhoneRow = {
  page: PhonePage;
  signedIn: boolean;
  /** The median of each metric over the runs, each taken on its own. */
  lighthouse: LighthouseRun;
  lighthouseRuns: LighthouseRun[];
  scripts: { url: string; bytes: number }[];
  lcp: Measured["lcp"];
  throttled: Record<Network, ThrottledRun & { readableMs: number | null }>;
  checks: Check[];
};

export function median(values: number[]): number {
  if (values.length === 0) throw new Error("median of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const of = (key: keyof LighthouseRun) => median(runs.map((run) => run[key]));
  return {
    score: of("score"),
    lcpMs: of("lcpMs"),
    fcpMs: of("fcpMs"),
    cls: of("cls"),
    tbtMs: of("tbtMs"),
    documentBytes: of("documentBytes"),
    benchmarkIndex: of("benchmarkIndex"),
    scriptBytes: of("scriptBytes"),
  };
}

/**
 * When a page is readable: for the voucher, when its reference (what the player reads out or types
 * at the till) is painted; for every other page its largest contentful paint, the main text or
 * picture drawn with the stylesheet applied. Never before the first contentful paint.
 */
export function readableMs(page: PhonePage, run: ThrottledRun): number | null {
  const moment = page === "voucher" ? run.referenceMs : run.lcpMs;
  if (moment === null) return null;
  return run.fcpMs === null ? moment : Math.max(moment, run.fcpMs);
}

/** A budget that cannot be measured fails: a page that never showed its reference is not within 3 s. */
const check = (budget: string, value: number | null, limit: number, atLeast = false): Check => ({
  budget,
  value,
  limit,
  atLeast,
  pass: value !== null && (atLeast ? value >= limit : value <= limit),
});

export function phoneRow(measured: Measured): PhoneRow {
  const lighthouse = medianRun(measured.lighthouse);
  const throttled = {
    "3g": { ...measured.throttled["3g"], readableMs: readableMs(measured.page, measured.throttled["3g"]) },
    "2g": { ...measured.throttled["2g"], readableMs: readableMs(measured.page, measured.throttled["2g"]) },
  };
  const checks = [
    check("first response", lighthouse.documentBytes, BUDGETS.documentBytes),
    check("Lighthouse score", lighthouse.score, BUDGETS.lighthouseScore, true),
    check("LCP", lighthouse.lcpMs, BUDGETS.lcpMs),
    // Every page here is a player's; the payment dialogs' script loads only when one is opened, which no run does.
    check("JavaScript", lighthouse.scriptBytes, BUDGETS.scriptBytes),
  ];
  if (measured.page === "voucher") checks.push(check("2G readable", throttled["2g"].readableMs, BUDGETS.twoG.voucherReadableMs));
  if (measured.page === "search") checks.push(check("2G readable", throttled["2g"].readableMs, BUDGETS.twoG.searchReadableMs));
  return {
    page: measured.page,
    signedIn: measured.signedIn,
    lighthouse,
    lighthouseRuns: measured.lighthouse,
    scripts: measured.scripts,
    lcp: measured.lcp,
    throttled,
    checks,
  };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const seconds = (ms: number | null) => (ms === null ? "–" : (ms / 1000).toFixed(2));

/** A value with its verdict when a budget applies to it: "0.99 FAIL", "7.2 pass". */
function cell(row: PhoneRow, budget: string, text: string) {
  const verdict = row.checks.find((c) => c.budget === budget);
  return verdict ? `${text} ${verdict.pass ? "pass" : "FAIL"}` : text;
}

/** The table as Markdown (it reads as well in a terminal as in the README). */
export function phoneTable(rows: PhoneRow[]): string {
  const header = ["page", "who", "score", "LCP s", "FCP s", "CLS", "TBT ms", "doc KB", "JS KB", "3G readable s", "2G readable s"];
  const lines = rows.map((row) => [
    row.page,
    row.signedIn ? "signed in" : "signed out",
    cell(row, "Lighthouse score", String(row.lighthouse.score)),
    cell(row, "LCP", seconds(row.lighthouse.lcpMs)),
    seconds(row.lighthouse.fcpMs),
    row.lighthouse.cls.toFixed(3),
    String(Math.round(row.lighthouse.tbtMs)),
    cell(row, "first response", kb(row.lighthouse.documentBytes)),
    cell(row, "JavaScript", kb(row.lighthouse.scriptBytes)),
    seconds(row.throttled["3g"].readableMs),
    cell(row, "2G readable", seconds(row.throttled["2g"].readableMs)),
  ]);
  return [header, header.map(() => "---"), ...lines].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
}

/** Each failed budget in words, for the summary under the table. */
export function failures(rows: PhoneRow[]): string[] {
  return rows.flatMap((row) =>
    row.checks
      .filter((c) => !c.pass)
      .map(
        (c) =>
          `${row.page} (${row.signedIn ? "signed in" : "signed out"}): ${c.budget} ${c.value ?? "not measured"}, budget ${c.atLeast ? "≥" : "≤"} ${c.limit}`,
      ),
  );
}
