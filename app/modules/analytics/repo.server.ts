import type { Database } from "#db/client.server";
import type { AnalyticsEventName, EventProperties } from "./rules";

export type EventRow = {
  name: AnalyticsEventName;
  userId: string | null;
  sessionId: string | null;
  properties: EventProperties;
  /** Set for an event that happens once: a second insert with the same name and key is dropped. */
  dedupeKey?: string | null;
  at: Date;
};

/** One event; true when it was stored, false when its dedupe key was already there. */
export async function insertEvent(db: Database, row: EventRow): Promise<boolean> {
  const inserted = await db
    .insertInto("analytics_events")
    .values({
      name: row.name,
      user_id: row.userId,
      session_id: row.sessionId,
      properties: JSON.stringify(row.properties),
      dedupe_key: row.dedupeKey ?? null,
      occurred_at: row.at,
    })
    .onConflict((oc) => oc.columns(["name", "dedupe_key"]).where("dedupe_key", "is not", null).doNothing())
    .returning("id")
    .executeTakeFirst();
  return Boolean(inserted);
}

export function eventsOf(db: Database, name: AnalyticsEventName) {
  return db.selectFrom("analytics_events").selectAll().where("name", "=", name).orderBy("id").execute();
}
