import { describe, expect, it } from "vitest";
import { cardTryState, MAX_ACTIVE_SUBSCRIPTIONS, nextOpenSession, seriesClosedReason, subscribeRefusal, subscriptionStanding } from "./rules";

const now = new Date("2026-11-26T12:00:00Z");
const hours = (n: number) => new Date(now.getTime() + n * 3_600_000);
const series = { status: "ACTIVE", dm_id: "host", booking_lock_hours: 24 };
const session = (id: string, startsInHours: number, status = "UPCOMING") => ({ id, starts_at: hours(startsInHours), status });

describe("nextOpenSession", () => {
  it("is the earliest session still before its booking deadline, skipping cancelled and closed ones", () => {
    const sessions = [session("late", 200), session("closed", 23), session("cancelled", 50, "CANCELLED"), session("next", 25)];
    expect(nextOpenSession(sessions, 24, now)?.id).toBe("next");
  });

  it("is null when every session is past its deadline, started or cancelled (the spec's 'no available session')", () => {
    expect(nextOpenSession([session("a", 24), session("b", -1, "COMPLETED"), session("c", 48, "CANCELLED")], 24, now)).toBeNull();
    expect(nextOpenSession([], 24, now)).toBeNull();
  });

  it("counts the deadline exactly: one millisecond before it is open, at it closed", () => {
    const at = (ms: number) => ({ id: "s", starts_at: new Date(now.getTime() + 24 * 3_600_000 + ms), status: "UPCOMING" });
    expect(nextOpenSession([at(1)], 24, now)?.id).toBe("s");
    expect(nextOpenSession([at(0)], 24, now)).toBeNull();
  });
});

describe("subscribeRefusal", () => {
  const ask = (over: Partial<Parameters<typeof subscribeRefusal>[0]> = {}) =>
    subscribeRefusal({ series, viewerId: "player", current: null, activeElsewhere: 0, next: session("next", 48), ...over });

  it("lets a player subscribe to an active series with a next session, and rejoin after cancelling", () => {
    expect(ask()).toBeNull();
    expect(ask({ current: "CANCELLED" })).toBeNull();
  });

  it("refuses the host, a paused, cancelled or completed series, a second subscription and a series with no next session", () => {
    expect(ask({ viewerId: "host" })).toBe("ownSeries");
    expect(ask({ series: { ...series, status: "PAUSED" } })).toBe("seriesPaused");
    expect(ask({ series: { ...series, status: "CANCELLED" } })).toBe("seriesCancelled");
    expect(ask({ series: { ...series, status: "COMPLETED" } })).toBe("seriesCompleted");
    expect(ask({ current: "ACTIVE" })).toBe("alreadySubscribed");
    expect(ask({ next: null })).toBe("noAvailableSession");
  });

  it("caps the active subscriptions one account holds", () => {
    expect(ask({ activeElsewhere: MAX_ACTIVE_SUBSCRIPTIONS - 1 })).toBeNull();
    expect(ask({ activeElsewhere: MAX_ACTIVE_SUBSCRIPTIONS })).toBe("tooManySubscriptions");
  });
});

describe("seriesClosedReason and subscriptionStanding", () => {
  it("name the series statuses that take no subscribers and the viewer's standing", () => {
    expect(seriesClosedReason({ status: "ACTIVE" })).toBeNull();
    expect(subscriptionStanding("ACTIVE")).toBe("subscribed");
    expect(subscriptionStanding("CANCELLED")).toBe("rejoining");
    expect(subscriptionStanding(null)).toBe("new");
  });

  it("count a card try that is running or was declined as no subscription: new, or rejoining after a cancellation", () => {
    expect(subscriptionStanding("PENDING_PAYMENT")).toBe("new");
    expect(subscriptionStanding("DECLINED")).toBe("new");
    expect(subscriptionStanding("DECLINED", true)).toBe("rejoining");
    expect(cardTryState("DECLINED")).toBe("declined");
    expect(cardTryState("PENDING_PAYMENT")).toBe("pending");
    expect(cardTryState("ACTIVE")).toBeNull();
  });
});

describe("subscribeRefusal after a card try", () => {
  it("lets the player try again after a declined card, and pay by another way while a card try runs", () => {
    const ask = (current: "DECLINED" | "PENDING_PAYMENT") =>
      subscribeRefusal({ series, viewerId: "player", current, activeElsewhere: 0, next: session("next", 48) });
    expect(ask("DECLINED")).toBeNull();
    expect(ask("PENDING_PAYMENT")).toBeNull();
  });
});
