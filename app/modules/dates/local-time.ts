// Reading a local date and time in a zone, for the server: it uses luxon, which day.ts keeps out of the
// browser. Sessions and series both read their start this way; it lives here, below both, so neither
// imports the other for it (decision record 045).
import { DateTime } from "luxon";

/** A local date and time in a zone as an instant; null when either part is malformed. */
export function localToInstant(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!d || !t) return null;
  const local = DateTime.fromObject(
    { year: Number(d[1]), month: Number(d[2]), day: Number(d[3]), hour: Number(t[1]), minute: Number(t[2]) },
    { zone: timeZone },
  );
  return local.isValid ? local.toJSDate() : null;
}
