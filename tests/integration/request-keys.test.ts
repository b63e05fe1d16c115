import type { ActionFunction } from "@remix-run/node";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openSessionChat } from "../../app/modules/chat/chat.server";
import { createInvite } from "../../app/modules/invites/invites.server";
import { runJob } from "../../app/modules/jobs/jobs.server";
import { ABANDONED_AFTER_MS, actOnce } from "../../app/modules/request-keys/index.server";
import { insertSeriesWithSessions } from "../../app/modules/series/series.server";
import { action as chatAction } from "../../app/routes/$lang.chats.$id";
import { action as inquiryAction } from "../../app/routes/$lang.profile.$id_.inquiry";
import { action as seriesConfirm } from "../../app/routes/$lang.series.$id.confirm/route";
import { action as confirmAction } from "../../app/routes/$lang.session.$id.confirm/route";
import { action as oxxoAction } from "../../app/routes/$lang.session.$id.oxxo/route";
import { action as tipAction } from "../../app/routes/$lang.session.$id.tip/route";
import { action as messagesApi } from "../../app/routes/api.chats.$id.messages";
import { action as bookApi } from "../../app/routes/api.sessions.$id.book";
import { action as waitlistApi } from "../../app/routes/api.sessions.$id.waitlist";
import { getDb } from "../../db/client.server";
import { weeklySeries } from "../fixtures/series";
import { bookSeat, createSession } from "../fixtures/sessions";
import { requesterOf, type SignedInUser, signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";
import { form, type RouteResult, run } from "./route";

useTestDatabase();

// A form sent twice (a double tap, a retry after a dropped connection) or an API call repeated with its
// Idempotency-Key acts once and answers as it first did (decision record 096).

const base = "http://localhost:3000";
// The offline payment adapter reads the wall clock: so do these requests, and every date is built from it.
const now = new Date();
const context = { now } as never;
const newKey = () => crypto.randomUUID();

type Fields = Record<string, string>;
const post = (action: ActionFunction, path: string, params: Record<string, string>, as: SignedInUser, fields: Fields) =>
  run(action, form(`${base}${path}`, fields, { Cookie: as.cookie }), params, context);
const confirm = (id: string, as: SignedInUser, fields: Fields) => post(confirmAction, `/en/session/${id}/confirm`, { lang: "en", id }, as, fields);
const api = (action: ActionFunction, path: string, params: Record<string, string>, as: SignedInUser, body: unknown, key?: string) =>
  run(
    action,
    new Request(`${base}${path}`, {
      method: "POST",
      headers: { ...as.auth, "Content-Type": "application/json", ...(key ? { "Idempotency-Key": key } : {}) },
      body: JSON.stringify(body),
    }),
    params,
    context,
  );

const answerOf = (r: RouteResult) => ({ status: r.status, location: r.headers.get("Location"), toast: r.headers.get("Set-Cookie")?.split(";")[0] ?? null });
const five = <T>(send: () => Promise<T>) => Promise.all(Array.from({ length: 5 }, send));
const seatsOf = async (sessionId: string, userId: string) =>
  (await getDb().selectFrom("bookings").select("id").where("session_id", "=", sessionId).where("user_id", "=", userId).execute()).length;
const bookedCount = async (id: string) =>
  (await getDb().selectFrom("sessions").select("booked_count").where("id", "=", id).executeTakeFirstOrThrow()).booked_count;
const paymentsOf = async (sessionId: string) => (await getDb().selectFrom("payments").select("id").where("session_id", "=", sessionId).execute()).length;

async function paidSession() {
  const host = await signedInUser({ role: "dm" });
  return (await createSession({ host: host.id, now, priceCents: 25_000, paymentMethods: ["CARD", "OXXO"] })).id;
}

describe("a booking form sent more than once", () => {
  it("books once, and every repeat, in turn or at once, gets the first answer", async () => {
    const { id } = await createSession({ now, maxParticipants: 5 });
    const ana = await signedInUser();
    const fields = { intent: "book", requestKey: newKey() };
    const first = await confirm(id, ana, fields);
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe(`/en/session/${id}`);
    const again = await confirm(id, ana, fields);
    expect(answerOf(again)).toEqual(answerOf(first));

    const bea = await signedInUser();
    const beaFields = { intent: "book", requestKey: newKey() };
    const together = await five(() => confirm(id, bea, beaFields));
    expect(new Set(together.map((r) => JSON.stringify(answerOf(r)))).size).toBe(1);
    expect(together[0]!.headers.get("Location")).toBe(`/en/session/${id}`);
    expect(await seatsOf(id, ana.id)).toBe(1);
    expect(await seatsOf(id, bea.id)).toBe(1);
    expect(await bookedCount(id)).toBe(2);

    // A new form (a new key) is a new request, which the rules answer: already booked, back with the reason.
    const refused = await confirm(id, ana, { intent: "book", requestKey: newKey() });
    expect(refused.headers.get("Location")).toBe(`/en/session/${id}/confirm`);
    expect(await bookedCount(id)).toBe(2);
  });

  it("does not use up the key of a refused form: corrected, the same form books", async () => {
    const host = await signedInUser({ role: "dm" });
    const { id } = await createSession({ host: host.id, now, isPrivate: true });
    const made = await createInvite(testDeps(now).deps, requesterOf(host), id, { type: "access", maxUses: 5 });
    if (!made.ok) throw new Error("invite not made");
    const code = made.code;
    const ana = await signedInUser();
    const requestKey = newKey();
    const wrong = await confirm(id, ana, { intent: "book", inviteCode: "WRONGCODE", requestKey });
    expect(wrong.headers.get("Location")).toBe(`/en/session/${id}/confirm`);
    const right = await confirm(id, ana, { intent: "book", inviteCode: code, requestKey });
    expect(right.headers.get("Location")).toBe(`/en/session/${id}`);
    expect(await seatsOf(id, ana.id)).toBe(1);
  });

  it("refuses a key sent again for another command, in the page's language, and works without a key as before", async () => {
    const { id } = await createSession({ now, maxParticipants: 1 });
    const ana = await signedInUser();
    const requestKey = newKey();
    expect((await confirm(id, ana, { intent: "book", requestKey })).status).toBe(302);
    const other = await post(confirmAction, `/es/session/${id}/confirm`, { lang: "es", id }, ana, { intent: "leaveWaitlist", requestKey });
    expect(other.status).toBe(400);
    expect(other.data).toEqual({ message: "Este formulario ya se usó para otra cosa. Recarga la página e inténtalo de nuevo." });
    expect((await confirm(id, ana, { intent: "book", requestKey: "<bad key>" })).status).toBe(400);
    // Another account's form with the same key is its own: it is not answered with the first one's seat.
    const bea = await signedInUser();
    const bea1 = await confirm(id, bea, { intent: "joinWaitlist", requestKey });
    expect(bea1.headers.get("Location")).toBe(`/en/session/${id}/confirm`);
    expect(await getDb().selectFrom("waitlist_entries").select("user_id").where("session_id", "=", id).execute()).toEqual([{ user_id: bea.id }]);
    // A page rendered before keys existed posts none: it acts as it always did.
    const cara = await signedInUser();
    expect((await confirm(id, cara, { intent: "joinWaitlist" })).headers.get("Location")).toBe(`/en/session/${id}/confirm`);
  });
});

describe("paying forms sent more than once", () => {
  it("start one OXXO voucher and one card checkout, and answer every repeat with the same page", async () => {
    const id = await paidSession();
    const ana = await signedInUser();
    const oxxoFields = { firstName: "Ana", lastName: "Robles", requestKey: newKey() };
    const vouchers = await five(() => post(oxxoAction, `/es/session/${id}/oxxo`, { lang: "es", id }, ana, oxxoFields));
    expect(new Set(vouchers.map((r) => JSON.stringify(answerOf(r)))).size).toBe(1);
    expect(vouchers[0]!.headers.get("Location")).toMatch(/^\/es\/booking\/[0-9a-f-]{36}\/voucher$/);
    expect(await seatsOf(id, ana.id)).toBe(1);
    expect(await paymentsOf(id)).toBe(1);

    const bea = await signedInUser();
    const cardFields = { intent: "payCard", requestKey: newKey() };
    const checkouts = await five(() => confirm(id, bea, cardFields));
    expect(new Set(checkouts.map((r) => r.headers.get("Location"))).size).toBe(1);
    expect(checkouts.map((r) => r.status)).toEqual([303, 303, 303, 303, 303]);
    expect(await seatsOf(id, bea.id)).toBe(1);
    expect(await paymentsOf(id)).toBe(2);
  });

  it("tip once per tip form, however often it is sent", async () => {
    const player = await signedInUser();
    const { id } = await createSession({ now, startsAt: new Date(now.getTime() - 3 * 3_600_000), status: "COMPLETED", priceCents: 25_000 });
    await bookSeat(id, player.id, { paymentMethod: "CARD", amountCents: 25_000, currency: "MXN" });
    const fields = { amount: "50", method: "CARD", key: newKey() };
    const sent = await five(() => post(tipAction, `/es/session/${id}/tip`, { lang: "es", id }, player, fields));
    expect(new Set(sent.map((r) => `${r.status} ${r.headers.get("Location")}`)).size).toBe(1);
    const tips = await getDb().selectFrom("payments").select("id").where("session_id", "=", id).where("kind", "=", "tip").execute();
    expect(tips).toHaveLength(1);
  });

  it("subscribe once to a series", async () => {
    const host = await signedInUser({ role: "dm" });
    const { id } = await insertSeriesWithSessions(testDeps(now).deps, weeklySeries(host.id, {}, now));
    const ana = await signedInUser();
    const fields = { intent: "join", requestKey: newKey() };
    const sent = await five(() => post(seriesConfirm, `/es/series/${id}/confirm`, { lang: "es", id }, ana, fields));
    expect(new Set(sent.map((r) => JSON.stringify(answerOf(r)))).size).toBe(1);
    expect(sent[0]!.headers.get("Location")).toBe(`/es/series/${id}?subscribed=true`);
    const subscriptions = await getDb().selectFrom("series_subscriptions").select("id").where("series_id", "=", id).where("user_id", "=", ana.id).execute();
    expect(subscriptions).toHaveLength(1);
  });
});

describe("an inquiry sent more than once", () => {
  it("is sent once, although its command locks the player's account while the key is held", async () => {
    const dm = await signedInUser({ role: "dm" });
    await getDb()
      .updateTable("profiles")
      .set({ accepts_direct_bookings: true, direct_booking_rate_cents: 25_000, direct_booking_currency: "MXN" })
      .where("user_id", "=", dm.id)
      .execute();
    const leo = await signedInUser();
    const fields = { playerCount: "4", hours: "3", sessionType: "private", availability: "Saturdays after 6 pm", requestKey: newKey() };
    const sent = await five(() => post(inquiryAction, `/es/profile/${dm.id}/inquiry`, { lang: "es", id: dm.id }, leo, fields));
    expect(new Set(sent.map((r) => JSON.stringify(answerOf(r)))).size).toBe(1);
    expect(sent[0]!.headers.get("Location")).toMatch(/^\/es\/inquiries\/[0-9a-f-]{36}$/);
    expect(await getDb().selectFrom("direct_inquiries").select("id").where("player_id", "=", leo.id).execute()).toHaveLength(1);
  });
});

describe("a chat message sent more than once", () => {
  it("is posted once per form, by the page or by the API with the form's key; a new form posts a new message", async () => {
    const host = await signedInUser({ role: "dm" });
    const player = await signedInUser();
    const { id: sessionId } = await createSession({ host: host.id, now });
    await bookSeat(sessionId, player.id);
    const opened = await openSessionChat(testDeps(now).deps, requesterOf(host), sessionId);
    if (opened.status !== "ok") throw new Error("the host could not open the chat");
    const chatId = opened.chatId;
    const messages = async () => (await getDb().selectFrom("chat_messages").select("content").where("chat_id", "=", chatId).execute()).map((m) => m.content);
    const say = (fields: Fields) => post(chatAction, `/es/chats/${chatId}`, { lang: "es", id: chatId }, player, fields);

    const fields = { content: "¿Llevo dados?", requestKey: newKey() };
    const sent = await five(() => say(fields));
    expect(new Set(sent.map((r) => r.headers.get("Location"))).size).toBe(1);
    expect(await messages()).toEqual(["¿Llevo dados?"]);
    expect((await say({ content: "¿Llevo dados?", requestKey: newKey() })).status).toBe(303);
    expect(await messages()).toHaveLength(2);

    // The page's script sends the message by the API with the form's key; its plain post after a lost answer posts nothing more.
    const key = newKey();
    const byApi = await api(messagesApi, `/api/chats/${chatId}/messages`, { id: chatId }, player, { content: "Sí" }, key);
    expect(byApi.status).toBe(201);
    const repeated = await api(messagesApi, `/api/chats/${chatId}/messages`, { id: chatId }, player, { content: "Sí" }, key);
    expect(repeated).toMatchObject({ status: 201, data: byApi.data });
    expect(repeated.headers.get("Idempotent-Replayed")).toBe("true");
    const byPage = await say({ content: "Sí", requestKey: key });
    expect(byPage.headers.get("Location")).toBe(`/es/chats/${chatId}`);
    expect(await messages()).toHaveLength(3);
  });
});

describe("the JSON API with an Idempotency-Key", () => {
  it("books once and answers a repeat with the same status and body; a key for another call is refused; no key acts as before", async () => {
    const { id } = await createSession({ now, maxParticipants: 1 });
    const ana = await signedInUser();
    const key = newKey();
    const calls = await five(() => api(bookApi, `/api/sessions/${id}/book`, { id }, ana, { paymentMethod: "free" }, key));
    expect(calls.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(calls.map((r) => JSON.stringify(r.data))).size).toBe(1);
    expect(await seatsOf(id, ana.id)).toBe(1);

    const other = await api(waitlistApi, `/api/sessions/${id}/waitlist`, { id }, ana, {}, key);
    expect(other.status).toBe(400);
    expect(other.data).toEqual({ error: expect.stringMatching(/./) });
    expect((await api(bookApi, `/api/sessions/${id}/book`, { id }, ana, { paymentMethod: "free" }, "no spaces allowed")).status).toBe(400);
    // Without a key the rules answer, as always: already booked.
    expect((await api(bookApi, `/api/sessions/${id}/book`, { id }, ana, { paymentMethod: "free" })).status).toBe(409);
  });
});

describe("actOnce", () => {
  const kept = async (value: string) => ({ status: 303, location: value });

  it("releases the key when the command fails, so the next try runs it", async () => {
    const ana = await signedInUser();
    const claim = { userId: ana.id, key: newKey(), intent: "test.fail" };
    const d = testDeps(now).deps;
    await expect(actOnce(d, claim, () => Promise.reject(new Error("provider down")), kept)).rejects.toThrow("provider down");
    expect(await actOnce(d, claim, async () => "/second", kept)).toEqual({ kind: "ran", value: "/second" });
    expect(await actOnce(d, claim, async () => "/third", kept)).toEqual({ kind: "again", outcome: { status: 303, location: "/second" } });
  });

  it("answers busy, not an error, when the first request holds the key past the wait", async () => {
    const ana = await signedInUser();
    const claim = { userId: ana.id, key: newKey(), intent: "test.slow" };
    const d = testDeps(now).deps;
    let finish = () => {};
    const held = new Promise<void>((resolve) => (finish = resolve));
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = actOnce(d, claim, async () => (started(), await held, "/first"), kept);
    await running;
    expect(await actOnce(d, claim, async () => "/never", kept, { waitMs: 300 })).toEqual({ kind: "busy" });
    finish();
    expect(await first).toEqual({ kind: "ran", value: "/first" });
    expect(await actOnce(d, claim, async () => "/never", kept)).toEqual({ kind: "again", outcome: { status: 303, location: "/first" } });
  });

  it("holds no connection while the command runs: a rush of keyed commands larger than the pool all run", async () => {
    const ana = await signedInUser();
    const d = testDeps(now).deps;
    // Each command needs a connection of its own for a while; 25 at once is more than the pool's 10.
    const command = () => d.db.transaction().execute(async (trx) => (await sql`select pg_sleep(0.05)`.execute(trx), "/done"));
    const results = await Promise.all(Array.from({ length: 25 }, () => actOnce(d, { userId: ana.id, key: newKey(), intent: "test.rush" }, command, kept)));
    expect(results.every((r) => r.kind === "ran")).toBe(true);
  });

  it("takes over a key whose first request died before it answered", async () => {
    const ana = await signedInUser();
    const claim = { userId: ana.id, key: newKey(), intent: "test.crash" };
    const d = testDeps(now).deps;
    const claimedAt = (msAgo: number) => new Date(now.getTime() - msAgo);
    await getDb()
      .insertInto("request_keys")
      .values({ user_id: ana.id, key: claim.key, intent: claim.intent, created_at: claimedAt(60_000) })
      .execute();
    // A minute old: still the first request's, which may yet answer.
    expect(await actOnce(d, claim, async () => "/never", kept, { waitMs: 200 })).toEqual({ kind: "busy" });
    await getDb()
      .updateTable("request_keys")
      .set({ created_at: claimedAt(ABANDONED_AFTER_MS + 1_000) })
      .where("key", "=", claim.key)
      .execute();
    expect(await actOnce(d, claim, async () => "/second", kept)).toEqual({ kind: "ran", value: "/second" });
    expect(await actOnce(d, claim, async () => "/never", kept)).toEqual({ kind: "again", outcome: { status: 303, location: "/second" } });
  });
});

describe("the sweep", () => {
  it("forgets keys a day old and keeps younger ones", async () => {
    const ana = await signedInUser();
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);
    await getDb()
      .insertInto("request_keys")
      .values([
        { user_id: ana.id, key: "old-key-0001", intent: "x", outcome: JSON.stringify({ status: 303 }), created_at: at(25) },
        { user_id: ana.id, key: "new-key-0001", intent: "x", outcome: JSON.stringify({ status: 303 }), created_at: at(23) },
      ])
      .execute();
    expect((await runJob(testDeps(now).deps, "sweep-request-keys")).outcome).toBe("ok");
    const left = await getDb().selectFrom("request_keys").select("key").where("user_id", "=", ana.id).execute();
    expect(left).toEqual([{ key: "new-key-0001" }]);
  });
});
