import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarView } from "#app/modules/calendar/rules";
import { todayIn } from "#app/modules/dates/day";
import { deps } from "#app/modules/deps.server";
import { zoneName } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { calendarEvents, calendarOpenCounts } from "#app/modules/sessions/sessions.server";
import { requireUser } from "#app/web/guards.server";
import { localeOf } from "#app/web/locale.server";

/** Month grid (Sunday first), agenda week, or one day — all plain links, state in the URL. */
export async function calendarPage({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const d = deps(context);
  const today = todayIn(user.timeZone, d.now);
  const { view, date, month, day, weeks, days } = calendarView(new URL(request.url).searchParams, today);
  // The viewer's own sessions by name; everything else open only as a count per day (a link to the search).
  const [events, open] = await Promise.all([calendarEvents(d, user, days[0]!, days.at(-1)!), calendarOpenCounts(d, user, days[0]!, days.at(-1)!)]);
  // The zone's name in the page's language, worded once here: the browser's time zone data may word it differently.
  const zone = zoneName(user.timeZone, lang, d.now);
  return { title: translator(lang, "sessions")("calendar.title"), view, today, month, date, day, weeks, events, open, zone };
}
