import type { LoaderFunctionArgs } from "@remix-run/node";
import { canHost } from "#app/modules/access/rules";
import { getRequester } from "#app/modules/auth/session.server";
import { deps } from "#app/modules/deps.server";
import { earningsDesk } from "#app/modules/earnings/index.server";
import { apiJson } from "#app/web/api.server";
import { apiRefusal } from "#app/web/replies.server";

/**
 * GET /api/earnings (decision record 086): the earnings desk as JSON, for the same query as the
 * page (month or year, session, series, state, page). Amounts are integer minor units with their
 * currency. A DM's own; to anyone else, signed in or not, it does not exist (404).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const d = deps(context);
  const user = await getRequester(request, d);
  if (!user || !canHost(user)) return apiRefusal("notFound", "Not found");
  const desk = await earningsDesk(d, user, new URL(request.url).searchParams);
  return apiJson({
    month: desk.month,
    year: desk.year,
    timeZone: desk.zone,
    refusedFilters: desk.refused,
    totals: desk.totals,
    campaigns: desk.campaigns,
    balance: desk.money,
    lines: desk.lines.map((l) => ({ ...l, occurredAt: new Date(l.occurredAt).toISOString(), paidAt: l.paidAt ? new Date(l.paidAt).toISOString() : null })),
    page: desk.page,
    pages: desk.pages,
    lineCount: desk.lineCount,
    payouts: desk.payouts.map((p) => ({
      id: p.id,
      amountCents: p.amount_cents,
      currency: p.currency,
      status: p.status,
      arrivalDate: p.arrival_date ? new Date(p.arrival_date).toISOString() : null,
      failureCode: p.failure_code,
      failureMessage: p.failure_message,
      createdAt: new Date(p.provider_created_at).toISOString(),
    })),
  });
}
