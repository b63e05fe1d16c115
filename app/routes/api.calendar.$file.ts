import type { LoaderFunctionArgs } from "@remix-run/node";
import { feedCalendar } from "#app/modules/calendar-feed/feed.server";
import { tokenFromFileName } from "#app/modules/calendar-feed/rules";
import { deps } from "#app/modules/deps.server";
import { refusalStatus } from "#app/web/refusals.server";

/** A user's calendar for phones' calendar apps, opened by the secret in its address (no login). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = tokenFromFileName(params.file ?? "");
  // Links in the events point where the calendar app reached us.
  const calendar = token ? await feedCalendar(deps(context), token, new URL(request.url).origin) : null;
  // One answer for a malformed, unknown or revoked address: nothing tells which it was.
  if (calendar === null)
    return new Response("Not found", {
      status: refusalStatus("notFound"),
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(calendar, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="mesa.ics"',
      // Calendar apps poll; a few minutes of caching spares the database without leaving stale games for long.
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
    },
  });
}
