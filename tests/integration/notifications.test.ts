import { describe, expect, it } from "vitest";
import { listForReader, notifyWelcome } from "../../app/modules/notifications/notifications.server";
import { notify } from "../../app/modules/notifications/notify.server";
import { useTestDatabase } from "../setup/database";
import { createUser, testDeps } from "./helpers";

useTestDatabase();

const now = new Date("2026-10-20T12:00:00Z");

describe("notifications", () => {
  it("are written in one place and read in the reader's language", async () => {
    const { deps, mails } = testDeps(now);
    const player = await createUser({ preferredLanguage: "pt" });
    await notifyWelcome(deps, player.id);
    await notify(deps, {
      userId: player.id,
      type: "session_cancelled",
      data: {
        sessionId: "5f1c0000-0000-4000-8000-000000000000",
        title: "La cripta",
        startsAt: new Date("2026-11-01T20:00:00Z"),
        durationMinutes: 120,
        location: null,
      },
    });
    const [cancelled, welcome] = await listForReader(deps, player.id, "en", 10);
    expect(welcome).toMatchObject({ type: "welcome", title: "Welcome to Mesa!", actionUrl: "/sessions", read: false });
    expect(cancelled).toMatchObject({ type: "session_cancelled", title: "Session cancelled", message: "La cripta was cancelled by its host." });
    expect((await listForReader(deps, player.id, "es", 10))[0]?.message).toBe("Quien dirige canceló La cripta.");
    // The email goes out in the recipient's own language, whatever page language anyone reads in.
    expect((await mails()).map((m) => m.subject)).toEqual(["La cripta foi cancelada"]);
  });
});
