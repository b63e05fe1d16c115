import { describe, expect, it } from "vitest";
import { loader as profilePage } from "../../app/routes/$lang.profile.$id/route";
import { getDb } from "../../db/client.server";
import { createSession } from "../fixtures/sessions";
import { signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const now = new Date("2026-11-21T12:00:00Z");

describe("badges where people see them", () => {
  it("a host's profile lists their stored badges for their role; their cards carry at most two, highest priority first", async () => {
    const host = await signedInUser({ role: "dm" });
    await createSession({ host: host.id, startsAt: new Date(now.getTime() + 7 * 86_400_000), title: "Con insignias" });
    // Stored as the award-badges job stores them; a player's badge is not shown on a host's card.
    for (const badge of ["horror_master", "experienced_dm", "reliable_dm", "committed_player", "verified_host"])
      await getDb().insertInto("user_badges").values({ user_id: host.id, badge_id: badge, earned_at: now }).execute();
    const page = await run(profilePage, new Request(`${base}/es/profile/${host.id}?tab=sessions&badges=dm`), { lang: "es", id: host.id }, { now });
    const data = page.data as { badges: { ids: string[]; role: string; selected: string }; hosting: { cards: { hostBadges: string[] }[] } };
    expect(data.badges).toMatchObject({ role: "dm", selected: "dm" });
    // The reliability record sits beside them: a host with nothing run yet shows counts, no percentage.
    expect(page.data).toMatchObject({ reliability: { dm: { run: 0, cancelledByDm: 0, percent: null }, player: { attended: 0, noShow: 0 } } });
    expect([...data.badges.ids].sort()).toEqual(["committed_player", "experienced_dm", "horror_master", "reliable_dm", "verified_host"]);
    // The card carries them as stored; the card component shows the host's two of highest priority (cardBadges).
    expect([...data.hosting.cards[0]!.hostBadges].sort()).toEqual(["committed_player", "experienced_dm", "horror_master", "reliable_dm", "verified_host"]);
  });
});
