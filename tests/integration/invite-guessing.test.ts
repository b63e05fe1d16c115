import { describe, expect, it } from "vitest";
import type { Requester } from "../../app/modules/auth/session.server";
import { createInvite, revokeSessionInvite, sessionInvites } from "../../app/modules/invites/invites.server";
import { limits } from "../../app/modules/rate-limits/rules";
import { action as confirmAction, loader as confirmLoader } from "../../app/routes/$lang.session.$id.confirm/route";
import { loader as invitesPage } from "../../app/routes/$lang.session.$id.invites/route";
import { action as oxxoAction } from "../../app/routes/$lang.session.$id.oxxo/route";
import { action as createIntent } from "../../app/routes/api.payments.create-intent";
import { action as bookApi } from "../../app/routes/api.sessions.$id.book";
import { action as waitlistApi } from "../../app/routes/api.sessions.$id.waitlist";
import { readToast } from "../../app/web/toast.server";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { apiToken, bearer, createUser, loginCookie, testDeps } from "./helpers";
import { form, run } from "./route";

useTestDatabase();

// The clock of these requests: near the real one, so the login cookies made for it stay valid whatever day this runs.
const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const base = "http://localhost:3000";
const perAccount = limits.inviteGuessesPerAccount.max;
const perAddress = limits.inviteGuessesPerAddress.max;
let addresses = 0;
/** A client address of its own for each test, so one test's tries never fill another's bucket. */
const newAddress = () => `10.70.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;

async function session(dmId: string, extra: { price_cents?: number; is_private?: boolean; max?: number } = {}) {
  const { max = 5, ...rest } = extra;
  return (
    await getDb()
      .insertInto("sessions")
      .values({
        dm_id: dmId,
        title: "La cripta",
        game: "D&D 5e",
        starts_at: later(10 * 24 * 60),
        time_zone: "America/Mexico_City",
        duration_minutes: 120,
        max_participants: max,
        min_participants: 1,
        currency: "MXN",
        allowed_payment_methods: ["CARD", "OXXO"],
        ...rest,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

const host = async () => {
  const u = await createUser({ role: "dm" });
  return { id: u.id, isDm: true, isAdmin: false, roles: u.roles, timeZone: "America/Mexico_City" } as Requester;
};
async function invite(owner: Requester, sessionId: string, type: "access" | "free", maxUses = 1, expiresOn?: string) {
  const made = await createInvite(testDeps(now).deps, owner, sessionId, { type, maxUses, expiresOn });
  if (!made.ok) throw new Error("invite not made");
  return made.code;
}
const bookingsIn = (sessionId: string) => getDb().selectFrom("bookings").select(["user_id", "status"]).where("session_id", "=", sessionId).execute();

/** POST /api/sessions/{id}/book with a code, as `token` from `address`. */
const book = (sessionId: string, token: string, address: string, inviteCode: string, at = now) =>
  run(
    bookApi,
    new Request(`${base}/api/sessions/${sessionId}/book`, {
      method: "POST",
      headers: { ...bearer(token), "Content-Type": "application/json", "x-client-ip": address },
      body: JSON.stringify({ paymentMethod: "free", inviteCode }),
    }),
    { id: sessionId },
    { now: at },
  );

describe("guessing invite codes", () => {
  it(`parallel wrong codes from one account: exactly ${perAccount} are looked at, the rest are 429, and then even the right code waits`, async () => {
    const owner = await host();
    const id = await session(owner.id, { price_cents: 25000 });
    const free = await invite(owner, id, "free", 5);
    const player = await createUser();
    const token = await apiToken(player.id);
    const address = newAddress();
    const tries = 3 * perAccount;
    const answers = await Promise.all(Array.from({ length: tries }, (_, i) => book(id, token, address, `GUESS-${String(i).padStart(6, "0")}`)));
    expect(answers.filter((a) => a.status === 400)).toHaveLength(perAccount);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited).toHaveLength(tries - perAccount);
    expect(Number(limited[0]!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(limited[0]!.headers.get("Retry-After"))).toBeLessThanOrEqual(limits.inviteGuessesPerAccount.windowSeconds);
    // While the account is limited the code is not even looked up: the right one is no oracle.
    expect((await book(id, token, address, free)).status).toBe(429);
    expect(await bookingsIn(id)).toEqual([]);
    // Once the window has passed the right code works, and the free code waives the price.
    const after = later(limits.inviteGuessesPerAccount.windowSeconds / 60 + 1);
    expect(await book(id, token, address, free, after)).toMatchObject({ status: 201 });
  });

  it(`parallel wrong codes from many accounts on one address: exactly ${perAddress} are looked at`, async () => {
    const owner = await host();
    const id = await session(owner.id, { is_private: true });
    const address = newAddress();
    const players = await Promise.all(Array.from({ length: perAddress + 10 }, () => createUser()));
    const tokens = await Promise.all(players.map((p) => apiToken(p.id)));
    const answers = await Promise.all(tokens.map((token, i) => book(id, token, address, `WRONG-${String(i).padStart(6, "0")}`)));
    expect(answers.filter((a) => a.status === 400)).toHaveLength(perAddress);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
    // Another address is not held back by this one.
    expect((await book(id, tokens[0]!, newAddress(), "WRONG-OTHER1")).status).toBe(400);
  });

  it("a right code gives its try back: only wrong codes count", async () => {
    const owner = await host();
    const id = await session(owner.id, { is_private: true });
    const access = await invite(owner, id, "access", 5);
    const player = await createUser();
    const cookie = await loginCookie(player.id, now);
    const address = newAddress();
    const view = async (code: string) =>
      (
        await run(
          confirmLoader,
          new Request(`${base}/es/session/${id}/confirm?invite=${encodeURIComponent(code)}`, { headers: { Cookie: cookie, "x-client-ip": address } }),
          { lang: "es", id },
          { now },
        )
      ).data as { invite: { ok: boolean; problem?: string } };
    for (let i = 0; i < perAccount - 1; i += 1) expect((await view(`MISS-${i}-0000`)).invite).toEqual({ ok: false, problem: "invalid" });
    for (let i = 0; i < 3 * perAccount; i += 1) expect((await view(access)).invite.ok).toBe(true);
    expect((await view("MISS-LAST-00")).invite).toEqual({ ok: false, problem: "invalid" });
    expect((await view("MISS-OVER-00")).invite).toEqual({ ok: false, problem: "limited" });
    expect((await view(access)).invite).toEqual({ ok: false, problem: "limited" });
  });
});

describe("one answer for every wrong code", () => {
  it("unknown, revoked, expired and used-up codes read the same to the player; the host's page still tells them apart", async () => {
    const owner = await host();
    const id = await session(owner.id, { is_private: true, max: 5 });
    const revoked = await invite(owner, id, "access", 3);
    const expired = await invite(owner, id, "access", 3, now.toISOString().slice(0, 10));
    const usedUp = await invite(owner, id, "access", 1);
    const listed = await sessionInvites(testDeps(now).deps, owner, id);
    if (!listed.ok) throw new Error("no invites");
    await revokeSessionInvite(testDeps(now).deps, owner, id, listed.invites.find((i) => i.code === revoked)!.id);
    const first = await createUser();
    expect((await book(id, await apiToken(first.id), newAddress(), usedUp)).status).toBe(201);
    // The expired code's day is over two days on (it expires at the end of its day in the host's zone).
    const at = later(2 * 24 * 60);
    const player = await createUser();
    const token = await apiToken(player.id, at);
    const cookie = await loginCookie(player.id, at);
    const address = newAddress();
    const answers = [];
    for (const code of ["NEVER-MADE-1", revoked, expired, usedUp]) {
      const api = await book(id, token, address, code, at);
      const page = await run(
        confirmLoader,
        new Request(`${base}/es/session/${id}/confirm?invite=${code}`, { headers: { Cookie: cookie, "x-client-ip": address } }),
        { lang: "es", id },
        { now: at },
      );
      answers.push({ status: api.status, body: api.data, invite: (page.data as { invite: unknown }).invite });
    }
    expect(answers[0]).toEqual({ status: 400, body: { error: expect.stringContaining("no sirve") }, invite: { ok: false, problem: "invalid" } });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const hostCookie = await loginCookie(owner.id, at);
    const hostView = await run(
      invitesPage,
      new Request(`${base}/es/session/${id}/invites`, { headers: { Cookie: hostCookie } }),
      { lang: "es", id },
      { now: at },
    );
    const problems = Object.fromEntries((hostView.data as { invites: { code: string; problem: string | null }[] }).invites.map((i) => [i.code, i.problem]));
    expect(problems).toMatchObject({ [revoked]: "revoked", [expired]: "expired", [usedUp]: "usedUp" });
  });
});

describe("every path that checks a code goes through the one limited check", () => {
  it("the confirmation page, its forms, the OXXO page, the booking and waitlist API and create-intent share the account's tries", async () => {
    const owner = await host();
    const priced = await session(owner.id, { price_cents: 25000, is_private: true });
    const full = await session(owner.id, { is_private: true, max: 1 });
    const seated = await createUser();
    await getDb().insertInto("bookings").values({ session_id: full, user_id: seated.id, status: "CONFIRMED" }).execute();
    const player = await createUser();
    const token = await apiToken(player.id);
    const cookie = await loginCookie(player.id, now);
    const address = newAddress();
    const headers = { Cookie: cookie, "x-client-ip": address };
    const json = (url: string, body: unknown) =>
      new Request(`${base}${url}`, {
        method: "POST",
        headers: { ...bearer(token), "Content-Type": "application/json", "x-client-ip": address },
        body: JSON.stringify(body),
      });
    const paths: [string, () => Promise<{ status: number; data: unknown; headers: Headers }>][] = [
      [
        "confirmation page ?invite=",
        () => run(confirmLoader, new Request(`${base}/es/session/${priced}/confirm?invite=NOPE-000001`, { headers }), { lang: "es", id: priced }, { now }),
      ],
      [
        "free booking form",
        () =>
          run(
            confirmAction,
            form(`${base}/es/session/${priced}/confirm`, { intent: "book", inviteCode: "NOPE-000002" }, headers),
            { lang: "es", id: priced },
            { now },
          ),
      ],
      [
        "card form",
        () =>
          run(
            confirmAction,
            form(`${base}/es/session/${priced}/confirm`, { intent: "payCard", inviteCode: "NOPE-000003" }, headers),
            { lang: "es", id: priced },
            { now },
          ),
      ],
      [
        "waitlist form",
        () =>
          run(
            confirmAction,
            form(`${base}/es/session/${full}/confirm`, { intent: "joinWaitlist", inviteCode: "NOPE-000004" }, headers),
            { lang: "es", id: full },
            { now },
          ),
      ],
      [
        "OXXO page",
        () =>
          run(
            oxxoAction,
            form(`${base}/es/session/${priced}/oxxo`, { firstName: "Ana", lastName: "Robles", inviteCode: "NOPE-000005" }, headers),
            { lang: "es", id: priced },
            { now },
          ),
      ],
      ["booking API", () => run(bookApi, json(`/api/sessions/${priced}/book`, { paymentMethod: "free", inviteCode: "NOPE-000006" }), { id: priced }, { now })],
      ["waitlist API", () => run(waitlistApi, json(`/api/sessions/${full}/waitlist`, { inviteCode: "NOPE-000007" }), { id: full }, { now })],
      ["create-intent card", () => run(createIntent, json("/api/payments/create-intent", { sessionId: priced, inviteCode: "NOPE-000008" }), {}, { now })],
      [
        "create-intent OXXO",
        () =>
          run(
            createIntent,
            json("/api/payments/create-intent", { sessionId: priced, paymentMethod: "oxxo", firstName: "Ana", lastName: "Robles", inviteCode: "NOPE-000009" }),
            {},
            { now },
          ),
      ],
      [
        "confirmation page again",
        () => run(confirmLoader, new Request(`${base}/es/session/${priced}/confirm?invite=NOPE-000010`, { headers }), { lang: "es", id: priced }, { now }),
      ],
    ];
    expect(paths).toHaveLength(perAccount);
    for (const [, go] of paths) await go();
    const count = await getDb()
      .selectFrom("rate_limit_events")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("bucket", "=", `invite:user:${player.id}`)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(perAccount);
    // Now every path answers that there were too many tries, and nothing was held or booked.
    const limitedText = "Probaste demasiados códigos";
    const page = await paths[0]![1]();
    expect((page.data as { invite: unknown }).invite).toEqual({ ok: false, problem: "limited" });
    for (const index of [5, 6, 7, 8]) {
      const answer = await paths[index]![1]();
      expect([paths[index]![0], answer.status]).toEqual([paths[index]![0], 429]);
      expect(answer.headers.get("Retry-After")).toMatch(/^\d+$/);
    }
    for (const index of [1, 2, 3, 4]) {
      const answer = await paths[index]![1]();
      expect([paths[index]![0], answer.status]).toEqual([paths[index]![0], 302]);
      const toastCookie = answer.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const { toast } = await readToast(new Request(`${base}/es`, { headers: { cookie: toastCookie } }));
      expect(JSON.stringify(toast), paths[index]![0]).toContain(limitedText);
    }
    expect(await bookingsIn(priced)).toEqual([]);
    expect(await getDb().selectFrom("waitlist_entries").select("id").where("session_id", "=", full).execute()).toEqual([]);
  });
});
