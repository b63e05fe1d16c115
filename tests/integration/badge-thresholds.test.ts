import { describe, expect, it } from "vitest";
import { awardBadges, badgesOf } from "../../app/modules/badges/badges.server";
import { BADGE_IDS } from "../../app/modules/badges/catalogue";
import { getDb } from "../../db/client.server";
import { THRESHOLD_STORIES } from "../fixtures/badge-thresholds";
import { createUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const badgesFor = async (userId: string) => (await badgesOf(getDb(), [userId])).get(userId) ?? [];

// The stories the end-to-end profile test replays: each badge is absent one fact short of its
// threshold and present with that fact, as the award-badges job stores them.
describe("every badge at its threshold", () => {
  it.each(BADGE_IDS)("%s: not one fact short, yes with it", async (id) => {
    const now = new Date();
    const story = THRESHOLD_STORIES[id];
    const user = await createUser({ role: story.role });
    await story.below(user.id, now);
    await awardBadges({ db: getDb(), now }, [user.id]);
    expect(await badgesFor(user.id)).not.toContain(id);

    await story.reach(user.id, now);
    await awardBadges({ db: getDb(), now }, [user.id]);
    expect(await badgesFor(user.id)).toContain(id);
  });
});
