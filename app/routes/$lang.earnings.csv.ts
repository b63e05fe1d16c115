import type { LoaderFunctionArgs } from "@remix-run/node";
import { deps } from "#app/modules/deps.server";
import { csvFileName, earningsCsv } from "#app/modules/earnings/index.server";
import { readEarningsFilters } from "#app/modules/earnings/schema";
import { requireDmOr404 } from "#app/web/guards.server";
import { localeOf } from "#app/web/locale.server";

/**
 * GET /{lang}/earnings/csv: the desk's lines as a CSV file (decision record 086), for the same
 * filters as the page (every page of them), streamed. A DM's own; to anyone else it does not exist.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const dm = await requireDmOr404(request);
  const d = deps(context);
  // A refused filter is dropped here as on the page, so the file holds what the page showed (every page of it).
  const { filters } = readEarningsFilters(new URL(request.url).searchParams);
  return new Response(earningsCsv(d, dm, filters, lang), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(dm, filters, d.now)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
