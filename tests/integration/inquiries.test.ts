import { describe, expect, it } from "vitest";
import { getRequester } from "../../app/modules/auth/session.server";
import { acceptInquiry, declineInquiry, sendInquiry } from "../../app/modules/inquiries/inquiries.server";
import { acceptSchema } from "../../app/modules/inquiries/schema";
import { loader as inboxLoader } from "../../app/routes/$lang.inquiries._index";
import { action as detailAction, loader as detailLoader } from "../../app/routes/$lang.inquiries.$id/route";
import { loader as profileLoader } from "../../app/routes/$lang.profile.$id/route";
import { action as sendAction, loader as formLoader } from "../../app/routes/$lang.profile.$id_.inquiry";
import { action as confirmAction } from "../../app/routes/$lang.session.$id.confirm/route";
import { getDb } from "../../db/client.server";
import { createUser, loginCookie } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";
import { fieldErrors, form, initialValue, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const now = new Date("2026-11-27T12:00:00Z");
const context = { now };
const valid = { playerCount: "4", hours: "3", sessionType: "private", availability: "Saturdays after 6 pm", details: "First time for two of us" };

/** A DM who takes direct bookings at `rateCents` a player-hour. */
async function acceptingDm(rateCents = 25000, accepts = true) {
  const dm = await createUser({ role: "dm", displayName: "Ana DM" });
  await getDb()
    .updateTable("profiles")
    .set({ accepts_direct_bookings: accepts, direct_booking_rate_cents: rateCents, direct_booking_currency: "MXN" })
    .where("user_id", "=", dm.id)
    .execute();
  return { ...dm, cookie: await loginCookie(dm.id) };
}
async function player(name = "Leo Player") {
  const user = await createUser({ displayName: name });
  return { ...user, cookie: await loginCookie(user.id) };
}
const send = (dmId: string, cookie: string, fields: Record<string, string | string[]> = valid) =>
  run(sendAction, form(`${base}/es/profile/${dmId}/inquiry`, fields, { Cookie: cookie }), { lang: "es", id: dmId }, context);
const inquiriesOf = (playerId: string) => getDb().selectFrom("direct_inquiries").selectAll().where("player_id", "=", playerId).execute();
const idFrom = (location: string | null) => /\/inquiries\/([0-9a-f-]{36})$/.exec(location ?? "")?.[1] ?? "";
const act = (id: string, cookie: string, fields: Record<string, string>) =>
  run(detailAction, form(`${base}/es/inquiries/${id}`, fields, { Cookie: cookie }), { lang: "es", id }, context);

describe("sending an inquiry", () => {
  it("stores it with the estimate at the DM's rate, and tells the DM by notification and email", async () => {
    const { deps, mails } = testDeps(now);
    const dm = await acceptingDm(25000);
    const p = await player();
    const sent = await sendInquiry(deps, { id: p.id, isAdmin: false }, dm.id, {
      playerCount: 4,
      hours: 3,
      sessionType: "private",
      availability: "Sundays",
      details: "",
    });
    expect(sent.ok).toBe(true);
    const [row] = await inquiriesOf(p.id);
    expect(row).toMatchObject({ dm_id: dm.id, player_count: 4, hours: 3, rate_cents: 25000, currency: "MXN", estimate_cents: 300000, status: "open" });
    const notice = await getDb()
      .selectFrom("notifications")
      .selectAll()
      .where("user_id", "=", dm.id)
      .where("type", "=", "inquiry_received")
      .executeTakeFirstOrThrow();
    expect(notice.action_url).toBe(`/inquiries/${row!.id}`);
    const mail = (await mails()).find((m) => m.to === dm.email);
    expect(mail?.subject).toContain("Leo Player");
    expect(mail?.text).toContain("$3,000.00 MXN");
    expect(mail?.text).toContain(`/es/inquiries/${row!.id}`);
  });

  it("without JavaScript: a form post redirects to the sent inquiry, which shows the server's estimate", async () => {
    const dm = await acceptingDm(25000);
    const p = await player();
    const result = await send(dm.id, p.cookie);
    expect(result.status).toBe(302);
    const id = idFrom(result.headers.get("Location"));
    expect(id).not.toBe("");
    const page = await run(detailLoader, new Request(`${base}/es/inquiries/${id}`, { headers: { Cookie: p.cookie } }), { lang: "es", id }, context);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ role: "player", inquiry: { estimate: "$3,000.00 MXN", status: "open", players: 4, hours: 3 } });
  });

  it.each([
    [{ playerCount: "9" }, "playerCount", "inquiries:validation.playersRange"],
    [{ hours: "1" }, "hours", "inquiries:validation.hoursRange"],
    [{ availability: "" }, "availability", "inquiries:validation.availabilityRequired"],
    [{ availability: "x".repeat(501) }, "availability", "inquiries:validation.availabilityTooLong"],
    [{ availability: "Sat\u0000urday" }, "availability", "invalidCharacters"],
    [{ availability: ["Saturday", "Sunday"] }, "availability", "inquiries:validation.availabilityRequired"],
    [{ details: "x".repeat(501) }, "details", "inquiries:validation.detailsTooLong"],
    [{ sessionType: "secret" }, "sessionType", "inquiries:validation.sessionType"],
    [{ playerCount: ["4", "5"] }, "playerCount", "inquiries:validation.playersRange"],
    [{ hours: "2\u0000" }, "hours", "inquiries:validation.hoursRange"],
    [{ sessionType: ["private", "open"] }, "sessionType", "inquiries:validation.sessionType"],
  ])("%#: %s is refused with a message beside %s, every value kept, nothing stored", async (override, field, key) => {
    const dm = await acceptingDm();
    const p = await player();
    const result = await send(dm.id, p.cookie, { ...valid, ...override });
    expect(result.status).toBe(400);
    const data = result.data as { result: unknown; estimate: string | null };
    expect(fieldErrors(data.result)[field]).toContain(key);
    if (field !== "details") expect(initialValue(data.result).details).toBe(valid.details);
    if (field !== "availability") expect(initialValue(data.result).availability).toBe(valid.availability);
    // The estimate is the server's for what was sent, when players and hours are in range.
    expect(data.estimate).toBe(field === "playerCount" || field === "hours" ? null : "$3,000.00 MXN");
    expect(await inquiriesOf(p.id)).toHaveLength(0);
  });

  it("refuses a DM who takes no inquiries, and yourself, with a message; an unknown DM is 404", async () => {
    const closed = await acceptingDm(25000, false);
    const p = await player();
    const refused = await send(closed.id, p.cookie);
    expect(refused.status).toBe(400);
    expect((refused.data as { result: { error: Record<string, string[]> } }).result.error[""]).toEqual(["inquiries:errors.notAccepting"]);
    const dm = await acceptingDm();
    const self = await send(dm.id, dm.cookie);
    expect((self.data as { result: { error: Record<string, string[]> } }).result.error[""]).toEqual(["inquiries:errors.self"]);
    expect(initialValue((self.data as { result: unknown }).result).availability).toBe(valid.availability);
    expect((await send("00000000-0000-4000-8000-000000000000", p.cookie)).status).toBe(404);
    expect((await send("not-a-uuid", p.cookie)).status).toBe(404);
    expect(await getDb().selectFrom("direct_inquiries").select("id").where("dm_id", "in", [closed.id, dm.id]).execute()).toHaveLength(0);
  });

  it("signed out: the form sends you to sign in and back; the profile shows 'Sign In to Book' instead of the form", async () => {
    const dm = await acceptingDm();
    const page = await run(formLoader, new Request(`${base}/es/profile/${dm.id}/inquiry`), { lang: "es", id: dm.id }, context);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`/es/login?redirect=${encodeURIComponent(`/es/profile/${dm.id}/inquiry`)}`);
    const post = await run(sendAction, form(`${base}/es/profile/${dm.id}/inquiry`, valid), { lang: "es", id: dm.id }, context);
    expect(post.status).toBe(302);
    const profile = await run(profileLoader, new Request(`${base}/es/profile/${dm.id}`), { lang: "es", id: dm.id }, context);
    expect(profile.data).toMatchObject({ inquiry: { signedIn: false, offer: { dmId: dm.id, rateCents: 25000, currency: "MXN" } } });
    const p = await player();
    const signedIn = await run(
      profileLoader,
      new Request(`${base}/es/profile/${dm.id}`, { headers: { Cookie: p.cookie } }),
      { lang: "es", id: dm.id },
      context,
    );
    expect(signedIn.data).toMatchObject({ inquiry: { signedIn: true } });
    const own = await run(profileLoader, new Request(`${base}/es/profile/${dm.id}`, { headers: { Cookie: dm.cookie } }), { lang: "es", id: dm.id }, context);
    expect((own.data as { inquiry: unknown }).inquiry).toBeNull();
  });

  it("allows at most 3 pending inquiries per player, even when 5 are sent at once", async () => {
    const dms = await Promise.all(Array.from({ length: 5 }, () => acceptingDm()));
    const p = await player();
    const results = await Promise.all(dms.map((dm) => send(dm.id, p.cookie)));
    expect(results.filter((r) => r.status === 302)).toHaveLength(3);
    const refused = results.filter((r) => r.status === 400);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect((r.data as { result: { error: Record<string, string[]> } }).result.error[""]).toEqual(["inquiries:errors.tooManyPending"]);
    expect(await inquiriesOf(p.id)).toHaveLength(3);
    // A decided inquiry frees its place.
    const [first] = await inquiriesOf(p.id);
    const dm = dms.find((d) => d.id === first!.dm_id)!;
    expect((await act(first!.id, dm.cookie, { intent: "decline" })).status).toBe(302);
    const free = dms.find((d) => !results.some((r, i) => r.status === 302 && dms[i]!.id === d.id))!;
    expect((await send(free.id, p.cookie)).status).toBe(302);
  });
});

describe("the DM's inbox and decisions", () => {
  async function sentInquiry(rateCents = 25000) {
    const dm = await acceptingDm(rateCents);
    const p = await player();
    const result = await send(dm.id, p.cookie);
    return { dm, p, id: idFrom(result.headers.get("Location")) };
  }

  it("lists received inquiries by status; a player sees only what they sent", async () => {
    const { dm, p, id } = await sentInquiry();
    const inbox = await run(inboxLoader, new Request(`${base}/es/inquiries?tab=open`, { headers: { Cookie: dm.cookie } }), { lang: "es" }, context);
    expect(inbox.data).toMatchObject({ view: "received", tab: "open", counts: { open: 1 }, rows: [{ id, name: "Leo Player", players: 4, hours: 3 }] });
    const declinedTab = await run(inboxLoader, new Request(`${base}/es/inquiries?tab=declined`, { headers: { Cookie: dm.cookie } }), { lang: "es" }, context);
    expect((declinedTab.data as { rows: unknown[] }).rows).toHaveLength(0);
    const sent = await run(inboxLoader, new Request(`${base}/es/inquiries`, { headers: { Cookie: p.cookie } }), { lang: "es" }, context);
    expect(sent.data).toMatchObject({ view: "sent", rows: [{ id, name: "Ana DM", status: "open" }] });
  });

  it("answering opens the direct chat with the player and marks the inquiry answered", async () => {
    const { dm, p, id } = await sentInquiry();
    const result = await act(id, dm.cookie, { intent: "answer" });
    expect(result.status).toBe(303);
    const chatId = /\/es\/chats\/([0-9a-f-]{36})$/.exec(result.headers.get("Location") ?? "")?.[1];
    const chat = await getDb().selectFrom("chats").selectAll().where("id", "=", chatId!).executeTakeFirstOrThrow();
    expect(chat.kind).toBe("direct");
    expect([chat.user_a, chat.user_b].sort()).toEqual([dm.id, p.id].sort());
    const row = await getDb().selectFrom("direct_inquiries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "answered", chat_id: chatId });
  });

  it("accepting creates the private session from the inquiry with a code the player gets in the chat and a notification, and books with", async () => {
    const { dm, p, id } = await sentInquiry(0);
    const result = await act(id, dm.cookie, { intent: "accept", date: "2026-12-12", time: "18:30" });
    expect(result.status).toBe(302);
    const row = await getDb().selectFrom("direct_inquiries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("accepted");
    const session = await getDb().selectFrom("sessions").selectAll().where("id", "=", row.session_id!).executeTakeFirstOrThrow();
    expect(session).toMatchObject({
      dm_id: dm.id,
      is_private: true,
      max_participants: 4,
      duration_minutes: 180,
      price_cents: 0,
      title: "Partida privada con Leo Player",
    });
    // 18:30 in Mexico City (the fixture's zone) is 00:30 UTC the next day.
    expect(new Date(session.starts_at).toISOString()).toBe("2026-12-13T00:30:00.000Z");
    const invite = await getDb().selectFrom("invites").selectAll().where("session_id", "=", session.id).executeTakeFirstOrThrow();
    expect(invite).toMatchObject({ code: row.invite_code, type: "access", max_uses: 4 });
    const message = await getDb().selectFrom("chat_messages").selectAll().where("chat_id", "=", row.chat_id!).executeTakeFirstOrThrow();
    expect(message.sender_id).toBe(dm.id);
    expect(message.content).toContain(invite.code);
    const notice = await getDb()
      .selectFrom("notifications")
      .selectAll()
      .where("user_id", "=", p.id)
      .where("type", "=", "inquiry_accepted")
      .executeTakeFirstOrThrow();
    expect(notice.params).toMatchObject({ code: invite.code });
    expect(notice.action_url).toBe(`/session/${session.id}/confirm?invite=${invite.code}`);
    // The player books the private session with the code.
    const booked = await run(
      confirmAction,
      form(`${base}/es/session/${session.id}/confirm`, { intent: "book", inviteCode: invite.code }, { Cookie: p.cookie }),
      { lang: "es", id: session.id },
      context,
    );
    expect(booked.status).toBe(302);
    expect(booked.headers.get("Location")).toBe(`/es/session/${session.id}`);
    const booking = await getDb().selectFrom("bookings").selectAll().where("session_id", "=", session.id).where("user_id", "=", p.id).executeTakeFirstOrThrow();
    expect(booking.status).toBe("CONFIRMED");
    // Deciding twice is refused; one session stays.
    const again = await act(id, dm.cookie, { intent: "accept", date: "2026-12-12", time: "18:30" });
    expect(again.status).toBe(302);
    expect(await getDb().selectFrom("sessions").select("id").where("dm_id", "=", dm.id).execute()).toHaveLength(1);
    expect((await act(id, dm.cookie, { intent: "decline" })).status).toBe(302);
    expect((await getDb().selectFrom("direct_inquiries").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("accepted");
  });

  it("a seat costs the inquiry's hours at the DM's rate unless the DM sets another price; a bad price is refused", async () => {
    const priceOf = async (id: string) => {
      const row = await getDb().selectFrom("direct_inquiries").select("session_id").where("id", "=", id).executeTakeFirstOrThrow();
      const session = await getDb()
        .selectFrom("sessions")
        .select(["price_cents", "allowed_payment_methods"])
        .where("id", "=", row.session_id!)
        .executeTakeFirstOrThrow();
      return session;
    };
    const prefilled = await sentInquiry(25000);
    const page = await run(
      detailLoader,
      new Request(`${base}/es/inquiries/${prefilled.id}`, { headers: { Cookie: prefilled.dm.cookie } }),
      { lang: "es", id: prefilled.id },
      context,
    );
    expect(page.data).toMatchObject({ acceptDefaults: { price: "750", time: "19:00", date: "2026-11-28" }, currency: "MXN" });
    expect((await act(prefilled.id, prefilled.dm.cookie, { intent: "accept", date: "2026-12-12", time: "18:30" })).status).toBe(302);
    expect(await priceOf(prefilled.id)).toEqual({ price_cents: 75000, allowed_payment_methods: ["CARD"] });
    const changed = await sentInquiry(25000);
    expect((await act(changed.id, changed.dm.cookie, { intent: "accept", date: "2026-12-12", time: "18:30", price: "120.50" })).status).toBe(302);
    expect((await priceOf(changed.id)).price_cents).toBe(12050);
    const free = await sentInquiry(25000);
    expect((await act(free.id, free.dm.cookie, { intent: "accept", date: "2026-12-12", time: "18:30", price: "0" })).status).toBe(302);
    expect(await priceOf(free.id)).toEqual({ price_cents: 0, allowed_payment_methods: [] });
    const bad = await sentInquiry(25000);
    for (const price of ["-5", "abc", "99999999999"]) {
      const refused = await act(bad.id, bad.dm.cookie, { intent: "accept", date: "2026-12-12", time: "18:30", price });
      expect(refused.status).toBe(400);
      expect(fieldErrors((refused.data as { result: unknown }).result).price).toEqual(["inquiries:validation.priceInvalid"]);
      expect(initialValue((refused.data as { result: unknown }).result).price).toBe(price);
    }
  });

  it("an accept and a decline sent at once leave one decision and at most one session", async () => {
    for (let round = 0; round < 5; round += 1) {
      const { dm, id } = await sentInquiry();
      await Promise.all([
        act(id, dm.cookie, { intent: "accept", date: "2026-12-12", time: "18:30" }),
        act(id, dm.cookie, { intent: "accept", date: "2026-12-13", time: "18:30" }),
        act(id, dm.cookie, { intent: "decline", message: "No" }),
      ]);
      const row = await getDb().selectFrom("direct_inquiries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      const sessions = await getDb().selectFrom("sessions").select("id").where("dm_id", "=", dm.id).execute();
      expect(sessions).toHaveLength(row.status === "accepted" ? 1 : 0);
      if (row.status === "accepted") expect(row.session_id).toBe(sessions[0]!.id);
      else expect(row.status).toBe("declined");
    }
  });

  it("the accept form refuses a missing or past date with a message, keeping what was typed", async () => {
    const { dm, id } = await sentInquiry();
    const missing = await act(id, dm.cookie, { intent: "accept", date: "", time: "18:30" });
    expect(missing.status).toBe(400);
    expect(fieldErrors((missing.data as { result: unknown }).result).date).toEqual(["inquiries:validation.dateRequired"]);
    expect(initialValue((missing.data as { result: unknown }).result).time).toBe("18:30");
    const past = await act(id, dm.cookie, { intent: "accept", date: "2026-11-01", time: "18:30" });
    expect(past.status).toBe(400);
    expect(fieldErrors((past.data as { result: unknown }).result).date).toEqual(["inquiries:validation.dateInPast"]);
    expect((await getDb().selectFrom("direct_inquiries").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("open");
  });

  it("a priced game needs the DM's payout account to take charges: refused next to the price until it does; at no price it needs none", async () => {
    const { dm, id } = await sentInquiry();
    await getDb().updateTable("payout_accounts").set({ state: "details_needed", charges_enabled: false }).where("user_id", "=", dm.id).execute();
    const refused = await act(id, dm.cookie, { intent: "accept", date: "2026-12-12", time: "18:30", price: "250" });
    expect(refused.status).toBe(400);
    expect(fieldErrors((refused.data as { result: unknown }).result).price).toEqual(["validation:payoutAccountNeeded"]);
    expect((await getDb().selectFrom("direct_inquiries").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("open");
    const free = await act(id, dm.cookie, { intent: "accept", date: "2026-12-12", time: "18:30", price: "0" });
    expect(free.status).toBe(302);
    const { session_id } = await getDb().selectFrom("direct_inquiries").select("session_id").where("id", "=", id).executeTakeFirstOrThrow();
    expect((await getDb().selectFrom("sessions").select("price_cents").where("id", "=", session_id!).executeTakeFirstOrThrow()).price_cents).toBe(0);
  });

  it("declining tells the player, with the DM's words", async () => {
    const { dm, p, id } = await sentInquiry();
    const result = await act(id, dm.cookie, { intent: "decline", message: "Fully booked until March, sorry!" });
    expect(result.status).toBe(302);
    const row = await getDb().selectFrom("direct_inquiries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "declined", decline_message: "Fully booked until March, sorry!" });
    const notice = await getDb()
      .selectFrom("notifications")
      .selectAll()
      .where("user_id", "=", p.id)
      .where("type", "=", "inquiry_declined")
      .executeTakeFirstOrThrow();
    expect(notice.params).toMatchObject({ message: "Fully booked until March, sorry!" });
    const tooLong = await sentInquiry();
    const refused = await act(tooLong.id, tooLong.dm.cookie, { intent: "decline", message: "x".repeat(501) });
    expect(refused.status).toBe(400);
    expect(fieldErrors((refused.data as { result: unknown }).result).message).toEqual(["inquiries:validation.messageTooLong"]);
  });

  it("the player hears of the DM's decision by email too: the code and its booking link, or the DM's words", async () => {
    const { deps, mails } = testDeps(now);
    const accepted = await sentInquiry();
    const host = (await getRequester(new Request(`${base}/es`, { headers: { Cookie: accepted.dm.cookie } }), deps))!;
    const result = await acceptInquiry(deps, host, accepted.id, acceptSchema.parse({ date: "2026-12-12", time: "18:30" }));
    expect(result.ok).toBe(true);
    const { invite_code, session_id } = await getDb().selectFrom("direct_inquiries").selectAll().where("id", "=", accepted.id).executeTakeFirstOrThrow();
    const yes = (await mails()).find((m) => m.to === accepted.p.email);
    expect(yes?.text).toContain(invite_code!);
    expect(yes?.text).toContain(`/es/session/${session_id}/confirm?invite=${invite_code}`);

    const declined = await sentInquiry();
    expect((await declineInquiry(deps, { id: declined.dm.id, isAdmin: false }, declined.id, "Lleno hasta marzo <b>")).ok).toBe(true);
    const no = (await mails()).find((m) => m.to === declined.p.email);
    expect(no?.text).toContain("Lleno hasta marzo <b>");
    expect(no?.html).toContain("Lleno hasta marzo &lt;b&gt;");
  });

  it("someone else's inquiry is 404 for every page and action, and nothing changes; the player cannot decide their own", async () => {
    const { p, id } = await sentInquiry();
    const stranger = await player("Mallory");
    const otherDm = await acceptingDm();
    for (const who of [stranger, otherDm]) {
      const page = await run(detailLoader, new Request(`${base}/es/inquiries/${id}`, { headers: { Cookie: who.cookie } }), { lang: "es", id }, context);
      expect(page.status).toBe(404);
      for (const fields of [{ intent: "answer" }, { intent: "accept", date: "2026-12-12", time: "18:30" }, { intent: "decline", message: "no" }] as Record<
        string,
        string
      >[])
        expect((await act(id, who.cookie, fields)).status).toBe(404);
    }
    for (const fields of [{ intent: "answer" }, { intent: "accept", date: "2026-12-12", time: "18:30" }, { intent: "decline" }] as Record<string, string>[])
      expect((await act(id, p.cookie, fields)).status).toBe(404);
    // A malformed accept or decline from the player is 404 too, not a form error about a form they never see.
    expect((await act(id, p.cookie, { intent: "accept", date: "tomorrow", time: "" })).status).toBe(404);
    expect((await act(id, p.cookie, { intent: "decline", message: "x".repeat(501) })).status).toBe(404);
    expect((await act(id, p.cookie, { intent: "bogus" })).status).toBe(404);
    expect((await act("nope", p.cookie, { intent: "answer" })).status).toBe(404);
    const row = await getDb().selectFrom("direct_inquiries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "open", chat_id: null, session_id: null });
  });
});
