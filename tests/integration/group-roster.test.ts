import { describe, expect, it } from "vitest";
import { insertHeldSeats } from "../../app/modules/groups/repo.server";
import { loader as sessionPage } from "../../app/routes/$lang.session.$id._index/route";
import { getDb } from "../../db/client.server";
import { createSession } from "../fixtures/sessions";
import { useTestDatabase } from "../setup/database";
import { createUser, loginCookie, uniqueEmail } from "./helpers";
import { run } from "./route";

useTestDatabase();

const now = new Date("2026-10-20T12:00:00Z");

/** The session page as seen with this cookie (or signed out), in English. */
async function pageAs(id: string, cookie: string | null) {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const response = await run(sessionPage, new Request(`http://localhost:3000/en/session/${id}`, { headers }), { lang: "en", id }, { now } as never);
  expect(response.status).toBe(200);
  return response.data as { guests: { name: string; bookerName: string }[] | null; participants: unknown[] | null };
}

describe("guests on the host's list", () => {
  it("the host sees each held guest seat with who booked it; the booker and strangers do not see guests' names", async () => {
    const host = await createUser({ role: "dm", displayName: "Host" });
    const booker = await createUser({ displayName: "Rosa" });
    const stranger = await createUser({ displayName: "Mallory" });
    const { id } = await createSession({ host: host.id, maxParticipants: 5, startsAt: new Date("2026-11-01T20:00:00Z") });
    const guests = [
      { name: "Iván", email: uniqueEmail("ivan") },
      { name: "Julia", email: uniqueEmail("julia") },
    ];
    await insertHeldSeats(getDb(), { sessionId: id, bookerId: booker.id, guests, now });
    // One seat given up: it no longer holds a place, so it is not listed.
    await getDb()
      .updateTable("group_seats")
      .set({ status: "CANCELLED", cancelled_at: now })
      .where("guest_name", "=", "Julia")
      .where("session_id", "=", id)
      .execute();

    const seen = await pageAs(id, await loginCookie(host.id, now));
    expect(seen.guests).toEqual([{ id: expect.any(String), name: "Iván", bookerName: "Rosa", paymentPending: false }]);
    for (const cookie of [await loginCookie(booker.id, now), await loginCookie(stranger.id, now), null]) {
      const page = await pageAs(id, cookie);
      expect(page.guests).toBeNull();
      expect(JSON.stringify(page)).not.toContain("Iván");
    }
  });
});
