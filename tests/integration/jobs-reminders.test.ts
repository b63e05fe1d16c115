import { describe, expect, it } from "vitest";
import { runJob } from "../../app/modules/jobs/jobs.server";
import { sendReminderEmails } from "../../app/modules/jobs/send-reminder-emails.server";
import { listForReader } from "../../app/modules/notifications/notifications.server";
import { getDb } from "../../db/client.server";
import { bookSeat, createSession } from "../fixtures/sessions";
import { createUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";

useTestDatabase();

const startsAt = new Date("2026-12-01T20:00:00Z");
const before = (minutes: number) => new Date(startsAt.getTime() - minutes * 60_000);

async function sessionWithPlayers(players: { id: string }[], status = "UPCOMING") {
  const dm = await createUser({ role: "dm" });
  const { id } = await createSession({ host: dm.id, title: "Noche de dados", game: "Pathfinder", startsAt, maxParticipants: 6, status });
  for (const p of players) await bookSeat(id, p.id);
  return id;
}

describe("send-reminder-emails", () => {
  it("sends the day-before reminder and the starting-soon notice once each per player, even when runs overlap", async () => {
    const es = await createUser({ preferredLanguage: "es", timeZone: "America/Mexico_City" });
    const en = await createUser({ preferredLanguage: "en", timeZone: "America/New_York" });
    const id = await sessionWithPlayers([es, en]);
    const { at, mails } = testDeps();

    // Too early for either.
    expect((await runJob(at(before(24 * 60 + 1)), "send-reminder-emails")).items).toBe(0);

    // The day before: the body three times at once (runJob would skip the overlaps) and a later
    // run send two reminders in all.
    const dayBefore = at(before(20 * 60));
    const parallel = await Promise.all([1, 2, 3].map(() => sendReminderEmails(dayBefore)));
    expect(parallel.reduce((sum, r) => sum + r.items, 0)).toBe(2);
    expect((await runJob(at(before(2 * 60)), "send-reminder-emails")).items).toBe(0);

    // An hour before: the starting-soon notice, again once each.
    const soon = at(before(45));
    const second = await Promise.all([1, 2].map(() => sendReminderEmails(soon)));
    expect(second.reduce((sum, r) => sum + r.items, 0)).toBe(2);
    expect((await runJob(at(before(5)), "send-reminder-emails")).items).toBe(0);

    const sent = await mails();
    expect(sent).toHaveLength(4);
    const toEn = sent.filter((m) => m.to === en.email).map((m) => m.subject);
    expect(toEn.sort()).toEqual(["Starting soon: Noche de dados", "Tomorrow: Noche de dados"]);
    const toEs = sent.filter((m) => m.to === es.email).map((m) => m.subject);
    expect(toEs.sort()).toEqual(["Empieza pronto: Noche de dados", "Mañana: Noche de dados"]);
    const esMail = sent.find((m) => m.to === es.email)!;
    expect(esMail.text).toContain(`http://localhost:3000/es/session/${id}`);
    expect(esMail.text).toContain("tienes un lugar en esta partida");

    const enNotes = await listForReader(dayBefore, en.id, "en", 10);
    expect(enNotes.map((n) => n.type).sort()).toEqual(["session_reminder", "session_starting"]);
    expect(enNotes.find((n) => n.type === "session_reminder")).toMatchObject({ title: "Your game is tomorrow", actionUrl: `/session/${id}` });
    const esNotes = await listForReader(dayBefore, es.id, "es", 10);
    expect(esNotes.find((n) => n.type === "session_starting")?.title).toBe("Tu partida empieza pronto");
  });

  it("reminds nobody of a cancelled session, nor a player whose booking was cancelled", async () => {
    const player = await createUser();
    await sessionWithPlayers([player], "CANCELLED");
    const other = await createUser();
    const id = await sessionWithPlayers([other]);
    await getDb().updateTable("bookings").set({ status: "CANCELLED" }).where("session_id", "=", id).execute();
    const { at, mails } = testDeps();
    expect((await runJob(at(before(12 * 60)), "send-reminder-emails")).items).toBe(0);
    expect(await mails()).toHaveLength(0);
  });

  it("leaves a notice unsent (to be tried again) when its email cannot be sent", async () => {
    const player = await createUser({ preferredLanguage: "pt" });
    await sessionWithPlayers([player]);
    const { at, mails } = testDeps();
    const broken = { ...at(before(10 * 60)), mailer: { send: () => Promise.reject(new Error("smtp down")) } };
    await expect(runJob(broken, "send-reminder-emails")).rejects.toThrow("smtp down");
    expect(await listForReader(broken, player.id, "pt", 10)).toEqual([]);
    expect((await runJob(at(before(9 * 60)), "send-reminder-emails")).items).toBe(1);
    expect((await mails()).map((m) => m.subject)).toEqual(["Amanhã: Noche de dados"]);
  });
});
