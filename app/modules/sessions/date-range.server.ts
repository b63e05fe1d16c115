import { DateTime } from "luxon";

/** A local date range in the viewer's zone as instants [from, to). Server only: luxon stays out of the search page's script. */
export function dateRange(dateFrom: string | null, dateTo: string | null, timeZone: string) {
  return {
    from: dateFrom ? DateTime.fromISO(dateFrom, { zone: timeZone }).startOf("day").toJSDate() : null,
    to: dateTo ? DateTime.fromISO(dateTo, { zone: timeZone }).plus({ days: 1 }).startOf("day").toJSDate() : null,
  };
}

/** Today's date (YYYY-MM-DD) in a zone, for the "play today" chip. */
export const todayIn = (timeZone: string, now: Date) => DateTime.fromJSDate(now, { zone: timeZone }).toISODate() ?? "";
