/** The budgets the million-session bench holds (decision record 099); each from the bench that set it at 100,000 sessions. */
export const BUDGET = { searchP95Ms: 20, pageCpuMs: 5, pagePgMs: 2, pageP95Ms: 50, bookingP95Ms: 15, badgesMsPerSession: 50, reminderRunMs: 1000 };

export type BudgetRow = { measure: string; measured: number; budget: number; unit: string; pass: boolean };

/** Every measured figure of a run (or of the parts that ran) against its budget; a part that did not run gives no row. */
export function budgetRows(results: Record<string, unknown>): BudgetRow[] {
  const rows: BudgetRow[] = [];
  const add = (measure: string, measured: number | undefined, budget: number, unit: string) => {
    if (measured !== undefined) rows.push({ measure, measured, budget, unit, pass: measured <= budget });
  };
  const search = (results.search as { ms: Record<string, { p95: number }> } | undefined)?.ms ?? {};
  for (const [shape, times] of Object.entries(search)) add(`search p95: ${shape}`, times.p95, BUDGET.searchP95Ms, "ms");
  for (const page of (results.pages as { rows: Record<string, unknown>[] } | undefined)?.rows ?? []) {
    if (page.status === null) continue; // the floor has no budget
    const name = String(page.page);
    add(`${name}: Node CPU per request (1 pinned worker)`, page["CPU ms/req, 1 pinned worker"] as number, BUDGET.pageCpuMs, "ms");
    add(`${name}: PostgreSQL per request`, page["PG ms/req"] as number, BUDGET.pagePgMs, "ms");
    add(`${name}: p95 at 100 requests/s`, page["p95 ms"] as number, BUDGET.pageP95Ms, "ms");
  }
  const booking = results.booking as { steady: { bookMs: { p95: number } } } | undefined;
  add("booking at the database p95 (20 clients, steady)", booking?.steady.bookMs.p95, BUDGET.bookingP95Ms, "ms");
  add("award-badges job per completed session", (results.badges as { msPerSession: number } | undefined)?.msPerSession, BUDGET.badgesMsPerSession, "ms");
  const reminders = results.paymentReminders as { steady: { runMs: { max: number } }; catchUp: { ms: number } } | undefined;
  add("payment-reminders job, slowest run of the minute", reminders?.steady.runMs.max, BUDGET.reminderRunMs, "ms");
  add("payment-reminders job, catch-up run", reminders?.catchUp.ms, BUDGET.reminderRunMs, "ms");
  return rows;
}
