/**
 * Lines and veils, and the safety tools a table uses (decision record 061). Pure rules: no clock
 * of their own, no database.
 *
 * A line is a topic the player asks the DM never to include; a veil, one to keep off screen (it may
 * happen, but is not described). The player tells the DM privately when booking a seat or subscribing
 * to a series, and may ask to stay anonymous to the DM.
 */

/** The short list of common topics the form offers as checkboxes; anything else goes in the free text. */
export const SAFETY_TOPICS = [
  "sexual_content",
  "graphic_violence",
  "harm_to_children",
  "animal_cruelty",
  "torture",
  "self_harm",
  "suicide",
  "discrimination",
  "body_horror",
  "drug_use",
  "spiders_insects",
  "phobias",
] as const;
export type SafetyTopic = (typeof SAFETY_TOPICS)[number];

/** The safety tools a session or series can say it uses (spec: X-card, lines and veils, session zero, open door). */
export const SAFETY_TOOLS = ["x_card", "lines_and_veils", "session_zero", "open_door"] as const;
export type SafetyTool = (typeof SAFETY_TOOLS)[number];

export const SAFETY_NOTE_MAX = 500;

export const isSafetyTool = (value: unknown): value is SafetyTool => typeof value === "string" && (SAFETY_TOOLS as readonly string[]).includes(value);

/** The tools in the list's own order, without repeats or unknown values (the search's URL may hold anything). */
export function normaliseTools(values: readonly unknown[]): SafetyTool[] {
  return SAFETY_TOOLS.filter((tool) => values.includes(tool));
}

export type SafetyInput = { lines: SafetyTopic[]; veils: SafetyTopic[]; safetyNote: string; anonymous: boolean };

/** Nothing to tell the DM: no row is written (a booking without lines and veils works as before). */
export const isEmptySafety = (input: SafetyInput) => input.lines.length === 0 && input.veils.length === 0 && input.safetyNote === "";

/**
 * Until when the DM sees a session's lines and veils: until the session ends. They are for the
 * table; once it is over they are no longer shown (the rows stay, the page says they are closed).
 */
export function safetyVisible(session: { starts_at: Date | string; duration_minutes: number; status: string }, now: Date): boolean {
  if (session.status === "CANCELLED" || session.status === "COMPLETED") return false;
  const end = new Date(session.starts_at).getTime() + session.duration_minutes * 60_000;
  return now.getTime() < end;
}

export type SafetyNoteRow = {
  player_id: string;
  name: string;
  lines: string[];
  veils: string[];
  note: string;
  anonymous: boolean;
};

export type PlayerSafety = { key: string; name: string | null; lines: SafetyTopic[]; veils: SafetyTopic[]; notes: string[] };

const topicsOf = (values: readonly string[]) => SAFETY_TOPICS.filter((t) => values.includes(t));

/**
 * One entry per player (a seat's note and the series subscription's note merged). A player who
 * asked for anonymity in either note has no name, and no stable key: anonymous entries come after
 * the named ones in an order set by their content, not by who booked first, so the order does not
 * give them away. A topic that is both a line and a veil is shown as a line (the stricter ask).
 */
export function aggregateSafety(rows: readonly SafetyNoteRow[]): PlayerSafety[] {
  const byPlayer = new Map<string, SafetyNoteRow[]>();
  for (const row of rows) byPlayer.set(row.player_id, [...(byPlayer.get(row.player_id) ?? []), row]);
  const named: PlayerSafety[] = [];
  const anonymous: Omit<PlayerSafety, "key">[] = [];
  for (const [playerId, notes] of byPlayer) {
    const lines = topicsOf(notes.flatMap((n) => n.lines));
    const veils = topicsOf(notes.flatMap((n) => n.veils)).filter((t) => !lines.includes(t));
    const texts = [...new Set(notes.map((n) => n.note.trim()).filter(Boolean))];
    if (lines.length === 0 && veils.length === 0 && texts.length === 0) continue;
    if (notes.some((n) => n.anonymous)) anonymous.push({ name: null, lines, veils, notes: texts });
    else named.push({ key: playerId, name: notes[0]?.name ?? "", lines, veils, notes: texts });
  }
  const sortKey = (p: Omit<PlayerSafety, "key">) => JSON.stringify([p.lines, p.veils, p.notes]);
  anonymous.sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
  return [...named, ...anonymous.map((p, i) => ({ ...p, key: `anonymous-${i + 1}` }))];
}

/**
 * Whether a player may still change (or remove) the lines and veils of their seat: until the
 * session starts. After that the DM is reading them at the table, and a cancelled or completed
 * session has nothing left to prepare.
 */
export function seatNoteEditable(session: { starts_at: Date | string; status: string }, now: Date): boolean {
  if (session.status === "CANCELLED" || session.status === "COMPLETED") return false;
  return now.getTime() < new Date(session.starts_at).getTime();
}
