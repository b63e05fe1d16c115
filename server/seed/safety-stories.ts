import { getDb } from "../../db/client.server";

/**
 * Lines and veils in the demo (decision record 061): "Horror en Oaxaca" and Ana's first series list
 * the safety tools their tables use, and two of the horror game's players told Ana their lines and
 * veils, one of them anonymously, so Ana's session page links to what they asked.
 */
export async function seedSafetyStories(idOf: (email: string) => string | undefined) {
  const db = getDb();
  const ana = idOf("ana.dm@mesa.test");
  if (!ana) return 0;
  const horror = await db.selectFrom("sessions").select("id").where("dm_id", "=", ana).where("title", "=", "Horror en Oaxaca").executeTakeFirst();
  if (!horror) return 0;
  await db
    .updateTable("sessions")
    .set({ safety_tools: ["x_card", "lines_and_veils", "session_zero"] })
    .where("id", "=", horror.id)
    .execute();
  const series = await db.selectFrom("series").select("id").where("dm_id", "=", ana).orderBy("created_at").executeTakeFirst();
  if (series) {
    await db
      .updateTable("series")
      .set({ safety_tools: ["lines_and_veils", "open_door"] })
      .where("id", "=", series.id)
      .execute();
    await db
      .updateTable("sessions")
      .set({ safety_tools: ["lines_and_veils", "open_door"] })
      .where("series_id", "=", series.id)
      .execute();
  }
  const notes = [
    { email: "lucia@mesa.test", lines: ["harm_to_children"], veils: ["torture"], note: "", anonymous: false },
    {
      email: "sam@mesa.test",
      lines: ["spiders_insects"],
      veils: ["body_horror", "self_harm"],
      note: "Prefiero que las escenas en cuevas sean breves.",
      anonymous: true,
    },
  ];
  let created = 0;
  for (const n of notes) {
    const playerId = idOf(n.email);
    if (!playerId) continue;
    await db
      .insertInto("safety_notes")
      .values({ player_id: playerId, session_id: horror.id, lines: n.lines, veils: n.veils, note: n.note, anonymous: n.anonymous })
      .execute();
    created += 1;
  }
  return created;
}
