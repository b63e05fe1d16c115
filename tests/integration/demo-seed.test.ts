import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { screenInviteCode } from "../../app/modules/invites/invites.server";
import { createDiskStorage } from "../../app/services/storage/disk.server";
import { getDb } from "../../db/client.server";
import { DEMO_INVITE_CODE } from "../../server/seed/booking-stories";
import { seedCatalogue } from "../../server/seed/catalogue";
import { seedDemo } from "../../server/seed/demo";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";

useTestDatabase();

describe("the demo data", () => {
  it("has bookings in every final state, past sessions, and a private session its README code opens", async () => {
    const now = new Date();
    await seedDemo(now);
    const dir = fs.mkdtempSync(path.join(process.env.DATA_DIR!, "demo-"));
    expect(await seedCatalogue(createDiskStorage(dir, "http://localhost/uploads"), now)).toBeGreaterThan(10);
    const db = getDb();
    const states = await db.selectFrom("bookings").select("status").distinct().execute();
    expect(states.map((s) => s.status).sort()).toEqual(["CANCELLED", "CONFIRMED", "EXPIRED", "REFUNDED"]);
    const past = await db.selectFrom("sessions").select("id").where("status", "=", "COMPLETED").where("starts_at", "<", now).execute();
    expect(past.length).toBeGreaterThanOrEqual(3);
    const privateSession = await db.selectFrom("sessions").select("id").where("is_private", "=", true).executeTakeFirstOrThrow();
    expect(await screenInviteCode(testDeps(now).deps, { userId: null, address: "10.65.0.1" }, privateSession.id, DEMO_INVITE_CODE.toLowerCase())).toMatchObject(
      {
        ok: true,
        type: "access",
      },
    );
    const offers = await db.selectFrom("waitlist_entries").select(["position"]).where("offer_expires_at", ">", now).execute();
    expect(offers).toEqual([{ position: 1 }]);
    // Chats with history, and messages some demo accounts have not read yet (with their notices).
    const { listChats } = await import("../../app/modules/chat/chat.server");
    const idOf = async (email: string) => (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    const lucia = { id: await idOf("lucia@mesa.test"), isAdmin: false };
    const luciaChats = await listChats({ db }, lucia);
    expect(luciaChats.find((c) => c.type === "session")?.unreadCount).toBe(2);
    const camila = { id: await idOf("camila@mesa.test"), isAdmin: false };
    expect((await listChats({ db }, camila)).find((c) => c.type === "direct")).toMatchObject({ title: "Bruno Mestre", unreadCount: 1 });
    const notices = await db.selectFrom("notifications").select("user_id").where("type", "=", "new_message").where("read_at", "is", null).execute();
    expect(notices.map((n) => n.user_id).sort()).toEqual([lucia.id, camila.id].sort());
    // Running it again adds nothing.
    expect(await seedCatalogue(createDiskStorage(dir, "http://localhost/uploads"), now)).toBe(0);
  });
});
