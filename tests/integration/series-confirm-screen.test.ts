import { describe, expect, it } from "vitest";
import type { SeriesRow } from "../../app/modules/series/repo.server";
import { insertSeriesWithSessions } from "../../app/modules/series/series.server";
import { loader as seriesConfirm } from "../../app/routes/$lang.series.$id.confirm/route";
import { loader as sessionConfirm } from "../../app/routes/$lang.session.$id.confirm/route";
import { getDb } from "../../db/client.server";
import { weeklySeries } from "../fixtures/series";
import { useTestDatabase } from "../setup/database";
import { signedInUser, testDeps } from "./helpers";
import { run } from "./route";

useTestDatabase();

// The series confirmation screen is the spec's 'booking confirmation screen (session or series)':
// the host with their description and bio, the FAQ and the side panel's security note, as a
// session's has; and OXXO greyed out with its reason when the next session is too close.
const base = "http://localhost:3000";
const zone = "America/Mexico_City";
const HOUR = 3_600_000;

/** A weekly series whose first session starts `hours` from now (to the minute), planned in Mexico City: any day of the week. */
function seriesStarting(dmId: string, hours: number, over: Partial<SeriesRow> = {}) {
  const first = new Date(Date.now() + hours * HOUR);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      weekday: "short",
      hourCycle: "h23",
    })
      .formatToParts(first)
      .map((p) => [p.type, p.value]),
  );
  const dayOfWeek = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday!);
  return weeklySeries(dmId, { startDate: `${parts.year}-${parts.month}-${parts.day}`, dayOfWeek, timeOfDay: `${parts.hour}:${parts.minute}`, ...over });
}

const paid: Partial<SeriesRow> = { priceCents: 30_000, allowedPaymentMethods: ["CARD", "OXXO"], minAdvanceBookingHours: 120 };

async function hostWithBio() {
  const host = await signedInUser({ role: "dm", displayName: "Marta la Narradora" });
  await getDb()
    .updateTable("profiles")
    .set({ description: "Directora de campañas de terror", bio: "Dirijo partidas desde 2009; me gustan las campañas largas." })
    .where("user_id", "=", host.id)
    .execute();
  return host;
}

describe("the series confirmation screen", () => {
  it("has the session screen's host card (description and bio), the same security note, per language", async () => {
    const host = await hostWithBio();
    const player = await signedInUser();
    const { id } = await insertSeriesWithSessions(testDeps().deps, seriesStarting(host.id, 8 * 24, paid));
    const sessionId = (await getDb().selectFrom("sessions").select("id").where("series_id", "=", id).orderBy("starts_at").executeTakeFirstOrThrow()).id;
    for (const lang of ["es", "en", "pt"] as const) {
      const headers = { Cookie: player.cookie };
      const series = await run(seriesConfirm, new Request(`${base}/${lang}/series/${id}/confirm`, { headers }), { lang, id });
      const session = await run(sessionConfirm, new Request(`${base}/${lang}/session/${sessionId}/confirm`, { headers }), { lang, id: sessionId });
      const s = series.data as { series: { hostCard: unknown }; promise: string };
      const one = session.data as { session: { host: unknown }; payment: { promise: string } };
      expect(s.series.hostCard).toEqual({
        name: "Marta la Narradora",
        initials: "ML",
        avatarUrl: null,
        description: "Directora de campañas de terror",
        bio: "Dirijo partidas desde 2009; me gustan las campañas largas.",
      });
      expect(s.series.hostCard).toEqual(one.session.host);
      expect(s.promise).toBe("booking.securityPaid");
      expect(s.promise).toBe(one.payment.promise);
    }
    // A free series promises the seat at once, as a free session does.
    const free = await insertSeriesWithSessions(testDeps().deps, seriesStarting(host.id, 8 * 24));
    expect((await run(seriesConfirm, new Request(`${base}/es/series/${free.id}/confirm`), { lang: "es", id: free.id })).data).toMatchObject({
      promise: "booking.security",
    });
  });

  it("offers OXXO greyed out, with the 120 hours, when the next session is 53 to 61 hours away", async () => {
    const host = await hostWithBio();
    const player = await signedInUser();
    for (const hours of [53.5, 57, 60.5]) {
      const { id } = await insertSeriesWithSessions(testDeps().deps, seriesStarting(host.id, hours, paid));
      const page = await run(seriesConfirm, new Request(`${base}/en/series/${id}/confirm`, { headers: { Cookie: player.cookie } }), { lang: "en", id });
      expect(page.data, `${hours} h`).toMatchObject({ refusal: null, oxxo: "tooClose", minAdvanceHours: 120, next: { id: expect.any(String) } });
    }
  });
});
