import { describe, expect, it } from "vitest";
import { MAX_UNPAID_HOLDS, MAX_WAITING_LINES } from "../../app/modules/bookings/rules";
import { action as confirmAction } from "../../app/routes/$lang.session.$id.confirm/route";
import { action as bookingsApi } from "../../app/routes/api.bookings";
import { action as createIntent } from "../../app/routes/api.payments.create-intent";
import { action as bookApi } from "../../app/routes/api.sessions.$id.book";
import { action as waitlistApi } from "../../app/routes/api.sessions.$id.waitlist";
import { getDb } from "../../db/client.server";
import { bookSeat, createSession, joinLine } from "../fixtures/sessions";
import { type SignedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { markVerified, signedInUser } from "./helpers";
import { now, paidSession } from "./pay-fixtures";
import { form, jsonPost, run } from "./route";

// A place in the line of a paid session leads to a paid seat: joining it needs what the seat
// needs, and its offer (a seat held for twelve hours) goes only to someone who could take the
// seat. Nobody waits in more than MAX_WAITING_LINES lines at once (decision record 066).

useTestDatabase();

const base = "http://localhost:3000";
const context = { now } as never;

const join = (as: SignedInUser, id: string) => run(waitlistApi, jsonPost(`${base}/api/sessions/${id}/waitlist`, {}, as.auth), { id }, context);
const intent = (as: SignedInUser, id: string) => run(createIntent, jsonPost(`${base}/api/payments/create-intent`, { sessionId: id }, as.auth), {}, context);
const leave = (as: SignedInUser, sessionId: string) =>
  run(
    bookingsApi,
    new Request(`${base}/api/bookings`, {
      method: "DELETE",
      headers: { ...as.auth, "Content-Type": "application/json" },
      body: JSON.stringify({ sessionId, userId: as.id }),
    }),
    {},
    context,
  );
const offeredIn = async (sessionId: string) =>
  (await getDb().selectFrom("waitlist_entries").select("user_id").where("session_id", "=", sessionId).where("offer_expires_at", "is not", null).execute()).map(
    (r) => r.user_id,
  );
const linesOf = async (userId: string) => (await getDb().selectFrom("waitlist_entries").select("id").where("user_id", "=", userId).execute()).length;

describe("the line of a paid session", () => {
  it("is closed to unverified accounts (403 in the API, sent to verify on the page); a free session's line is not", async () => {
    const host = await signedInUser({ role: "dm" });
    const holder = await signedInUser();
    const [one, two] = [await signedInUser({ verified: false, preferredLanguage: "en" }), await signedInUser({ verified: false, preferredLanguage: "pt" })];
    const id = await paidSession(host.id, 1);
    await bookSeat(id, holder.id, { paymentMethod: "CARD", amountCents: 25000 });
    expect(await join(one, id)).toMatchObject({ status: 403, data: { error: "Verify your email to pay for a seat." } });
    expect(await join(two, id)).toMatchObject({ status: 403, data: { error: "Verifique seu e-mail para pagar uma vaga." } });
    const page = await run(
      confirmAction,
      form(`${base}/es/session/${id}/confirm`, { intent: "joinWaitlist" }, { Cookie: one.cookie }),
      { lang: "es", id },
      context,
    );
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/es/auth/verify-email");
    expect(await linesOf(one.id)).toBe(0);
    expect(await linesOf(two.id)).toBe(0);
    // A free session's line needs no verified email (spec section 5: paid items only), on either path.
    const free = (await createSession({ host: host.id, maxParticipants: 1, startsAt: new Date(now.getTime() + 7 * 86_400_000) })).id;
    await bookSeat(free, holder.id);
    expect(await join(one, free)).toMatchObject({ status: 201, data: { position: 1 } });
    const queued = await run(
      bookApi,
      jsonPost(`${base}/api/sessions/${free}/book`, { paymentMethod: "free", joinWaitlist: true }, two.auth),
      { id: free },
      context,
    );
    expect(queued).toMatchObject({ status: 200, data: { waitlisted: true, position: 2 } });
    // Once verified, the paid line takes them.
    await markVerified(one.id);
    expect(await join(one, id)).toMatchObject({ status: 201, data: { position: 1 } });
  });

  it("offers a freed seat to the first in line who could take it: an unverified or banned account, or one at its unpaid-hold cap, keeps its place and is passed over", async () => {
    const host = await signedInUser({ role: "dm" });
    const holder = await signedInUser();
    // Places taken before the line checked anything (or by an account banned since) stay in it.
    const [unverified1, unverified2, banned, atCap, underCap, verified] = [
      await signedInUser({ verified: false }),
      await signedInUser({ verified: false }),
      await signedInUser(),
      await signedInUser(),
      await signedInUser(),
      await signedInUser(),
    ];
    await getDb().updateTable("users").set({ banned_at: now }).where("id", "=", banned.id).execute();
    const id = await paidSession(host.id, 1);
    await bookSeat(id, holder.id, { paymentMethod: "CARD", amountCents: 25000 });
    for (const u of [unverified1, unverified2, banned, atCap]) await joinLine(id, u.id, now);
    for (let i = 0; i < MAX_UNPAID_HOLDS; i += 1)
      await bookSeat(await paidSession(host.id, 3), atCap.id, {
        status: "PENDING_PAYMENT",
        paymentMethod: "OXXO",
        holdUntil: new Date(now.getTime() + 86_400_000),
      });
    // One hold fewer than the cap still lets a paid seat be held.
    for (let i = 0; i < MAX_UNPAID_HOLDS - 1; i += 1)
      await bookSeat(await paidSession(host.id, 3), underCap.id, {
        status: "PENDING_PAYMENT",
        paymentMethod: "OXXO",
        holdUntil: new Date(now.getTime() + 86_400_000),
      });
    await joinLine(id, underCap.id, now);
    await joinLine(id, verified.id, now);

    expect((await leave(holder, id)).status).toBe(200);
    expect(await offeredIn(id)).toEqual([underCap.id]);
    // The seat held for them is theirs; nobody else's create-intent takes it.
    expect(await intent(verified, id)).toMatchObject({ status: 409 });
    expect(await intent(underCap, id)).toMatchObject({ status: 201 });
    expect(await linesOf(unverified1.id)).toBe(1);

    // The next seat: once the first in line is verified, it is theirs.
    await markVerified(unverified1.id);
    expect((await leave(underCap, id)).status).toBe(200);
    expect(await offeredIn(id)).toEqual([unverified1.id]);
  });
});

describe(`at most ${MAX_WAITING_LINES} lines per account`, () => {
  it(`PARALLEL: joining ${MAX_WAITING_LINES + 3} full sessions' lines at once gets into exactly ${MAX_WAITING_LINES}; the rest are refused in the player's language`, async () => {
    const host = await signedInUser({ role: "dm" });
    const holder = await signedInUser();
    for (let round = 0; round < 2; round += 1) {
      const player = await signedInUser({ preferredLanguage: "en" });
      const ids = await Promise.all(
        Array.from({ length: MAX_WAITING_LINES + 3 }, async (_, i) => {
          const id =
            i % 2
              ? await paidSession(host.id, 1)
              : (await createSession({ host: host.id, maxParticipants: 1, startsAt: new Date(now.getTime() + 5 * 86_400_000) })).id;
          await bookSeat(id, holder.id);
          return id;
        }),
      );
      const answers = await Promise.all(ids.map((id) => join(player, id)));
      expect(answers.map((a) => a.status).sort()).toEqual([...Array(MAX_WAITING_LINES).fill(201), 409, 409, 409]);
      for (const refused of answers.filter((a) => a.status === 409))
        expect(refused.data).toEqual({ error: `You are already on ${MAX_WAITING_LINES} waitlists: leave one before joining another.` });
      expect(await linesOf(player.id)).toBe(MAX_WAITING_LINES);
    }
  });

  it("the page says so in a toast; leaving a line, or a line's session closing, makes room", async () => {
    const host = await signedInUser({ role: "dm" });
    const holder = await signedInUser();
    const player = await signedInUser({ preferredLanguage: "es" });
    const ids: string[] = [];
    for (let i = 0; i <= MAX_WAITING_LINES; i += 1) {
      const id = await paidSession(host.id, 1);
      await bookSeat(id, holder.id);
      ids.push(id);
    }
    for (const id of ids.slice(0, MAX_WAITING_LINES)) expect((await join(player, id)).status).toBe(201);
    const last = ids[MAX_WAITING_LINES]!;
    const page = await run(
      confirmAction,
      form(`${base}/es/session/${last}/confirm`, { intent: "joinWaitlist" }, { Cookie: player.cookie }),
      { lang: "es", id: last },
      context,
    );
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`/es/session/${last}/confirm`);
    const toast = Buffer.from(
      decodeURIComponent(page.headers.get("Set-Cookie") ?? "")
        .replace(/^__toast=/, "")
        .split(".")[0]!,
      "base64",
    ).toString("utf8");
    expect(JSON.parse(toast)).toMatchObject({
      __flash_toast__: {
        type: "error",
        key: "sessions:booking.errors.bookingFailed",
        params: { reason: `Ya estás en ${MAX_WAITING_LINES} listas de espera: sal de una antes de unirte a otra.` },
      },
    });
    expect(await linesOf(player.id)).toBe(MAX_WAITING_LINES);
    // A session that no longer takes bookings holds a line nobody counts.
    await getDb().updateTable("sessions").set({ status: "COMPLETED" }).where("id", "=", ids[0]!).execute();
    expect((await join(player, last)).status).toBe(201);
    const another = await paidSession(host.id, 1);
    await bookSeat(another, holder.id);
    expect((await join(player, another)).status).toBe(409);
    expect(
      (await run(waitlistApi, new Request(`${base}/api/sessions/${last}/waitlist`, { method: "DELETE", headers: player.auth }), { id: last }, context)).status,
    ).toBe(200);
    expect((await join(player, another)).status).toBe(201);
  });
});
