import { describe, expect, it } from "vitest";
import { estimateText } from "./present";
import {
  acceptDefaults,
  estimateCents,
  inboxTab,
  isPending,
  MAX_PENDING_PER_PLAYER,
  roleIn,
  sendProblem,
  sessionFromInquiry,
  statusAfterAnswer,
} from "./rules";
import { acceptSchema, declineSchema, inquirySchema } from "./schema";

const dm = { id: "dm", isDm: true, acceptsDirectBookings: true, banned: false };

describe("inquiry estimate", () => {
  it("is players × hours × rate in minor units", () => {
    expect(estimateCents(4, 3, 25000)).toBe(300000);
    expect(estimateCents(1, 2, 0)).toBe(0);
    expect(estimateCents(8, 6, 1000000)).toBe(48000000);
  });
  it("is 0 for nonsense rather than NaN", () => {
    expect(estimateCents(Number.NaN, 3, 100)).toBe(0);
    expect(estimateCents(2.5, 3, 100)).toBe(0);
  });
  it("formats the values a form sent in the DM's currency, none when out of range", () => {
    expect(estimateText({ playerCount: "4", hours: "3" }, { rateCents: 25000, currency: "MXN" }, "en")).toBe("$3,000.00 MXN");
    expect(estimateText({ playerCount: "2", hours: "2" }, { rateCents: 1050, currency: "BRL" }, "pt")).toBe("R$\u00a042,00 BRL");
    expect(estimateText({ playerCount: "9", hours: "3" }, { rateCents: 100, currency: "MXN" }, "es")).toBeNull();
    expect(estimateText({ playerCount: "4", hours: "1" }, { rateCents: 100, currency: "MXN" }, "es")).toBeNull();
    expect(estimateText({ playerCount: ["4", "5"], hours: "3" }, { rateCents: 100, currency: "MXN" }, "es")).toBeNull();
  });
});

describe("who may send", () => {
  it("refuses an unknown or banned DM, yourself, a DM who takes none, and a fourth pending inquiry", () => {
    expect(sendProblem({ playerId: "p", dm: null, pending: 0 })).toBe("notFound");
    expect(sendProblem({ playerId: "p", dm: { ...dm, banned: true }, pending: 0 })).toBe("notFound");
    expect(sendProblem({ playerId: "p", dm: { ...dm, isDm: false }, pending: 0 })).toBe("notFound");
    expect(sendProblem({ playerId: "dm", dm, pending: 0 })).toBe("self");
    expect(sendProblem({ playerId: "p", dm: { ...dm, acceptsDirectBookings: false }, pending: 0 })).toBe("notAccepting");
    expect(sendProblem({ playerId: "p", dm, pending: MAX_PENDING_PER_PLAYER - 1 })).toBeNull();
    expect(sendProblem({ playerId: "p", dm, pending: MAX_PENDING_PER_PLAYER })).toBe("tooManyPending");
  });
  it("counts open and answered inquiries as pending, decided ones not", () => {
    expect(["open", "answered", "accepted", "declined"].map(isPending)).toEqual([true, true, false, false]);
  });
});

describe("roles and states", () => {
  it("knows the DM and the player; anyone else is nobody", () => {
    const q = { dm_id: "d", player_id: "p" };
    expect(roleIn("d", q)).toBe("dm");
    expect(roleIn("p", q)).toBe("player");
    expect(roleIn("x", q)).toBeNull();
    expect(roleIn(null, q)).toBeNull();
  });
  it("answering moves open to answered and leaves decided inquiries alone", () => {
    expect(statusAfterAnswer("open")).toBe("answered");
    expect(statusAfterAnswer("answered")).toBe("answered");
    expect(statusAfterAnswer("accepted")).toBe("accepted");
  });
  it("reads the inbox tab, open by default", () => {
    expect(inboxTab("declined")).toBe("declined");
    expect(inboxTab("nope")).toBe("open");
    expect(inboxTab(null)).toBe("open");
  });
  it("turns an inquiry into a session: players are seats, hours the duration, the rate per seat-hour", () => {
    expect(sessionFromInquiry({ player_count: 5, hours: 4, session_type: "private", rate_cents: 15000, currency: "MXN" })).toEqual({
      maxParticipants: 5,
      minParticipants: 1,
      durationMinutes: 240,
      priceCents: 60000,
      currency: "MXN",
      isPrivate: true,
      inviteUses: 5,
    });
    expect(sessionFromInquiry({ player_count: 1, hours: 2, session_type: "open", rate_cents: 0, currency: "USD" }).isPrivate).toBe(false);
  });
});

describe("inquiry form schema", () => {
  const ok = { playerCount: "4", hours: "3", sessionType: "private", availability: "Saturdays after 6" };
  const errors = (input: Record<string, unknown>) => {
    const result = inquirySchema.safeParse(input);
    return result.success ? {} : result.error.flatten().fieldErrors;
  };
  it("takes the defaults when players, hours and type are left out", () => {
    expect(inquirySchema.parse({ availability: "Sundays" })).toEqual({
      playerCount: 4,
      hours: 3,
      sessionType: "private",
      availability: "Sundays",
      details: "",
    });
  });
  it("refuses 9 players, 0 players, 1 hour, 7 hours and an unknown type", () => {
    expect(errors({ ...ok, playerCount: "9" }).playerCount).toEqual(["inquiries:validation.playersRange"]);
    expect(errors({ ...ok, playerCount: "0" }).playerCount).toEqual(["inquiries:validation.playersRange"]);
    expect(errors({ ...ok, hours: "1" }).hours).toEqual(["inquiries:validation.hoursRange"]);
    expect(errors({ ...ok, hours: "7" }).hours).toEqual(["inquiries:validation.hoursRange"]);
    expect(errors({ ...ok, hours: "2.5" }).hours).toEqual(["inquiries:validation.hoursRange"]);
    expect(errors({ ...ok, sessionType: "secret" }).sessionType).toEqual(["inquiries:validation.sessionType"]);
  });
  it("needs 5 to 500 characters of availability, with the spec's message when empty", () => {
    expect(errors({ ...ok, availability: "" }).availability).toEqual(["inquiries:validation.availabilityRequired"]);
    expect(errors({ ...ok, availability: "   " }).availability).toEqual(["inquiries:validation.availabilityRequired"]);
    expect(errors({ ...ok, availability: "Sat" }).availability).toEqual(["inquiries:validation.availabilityTooShort"]);
    expect(errors({ ...ok, availability: "x".repeat(500) }).availability).toBeUndefined();
    expect(errors({ ...ok, availability: "x".repeat(501) }).availability).toEqual(["inquiries:validation.availabilityTooLong"]);
  });
  it("refuses NUL bytes, arrays for text and details over 500", () => {
    expect(errors({ ...ok, availability: "Sat\u0000urday" }).availability).toEqual(["invalidCharacters"]);
    expect(errors({ ...ok, availability: ["Saturday", "Sunday"] }).availability).toEqual(["inquiries:validation.availabilityRequired"]);
    expect(errors({ ...ok, details: "x".repeat(501) }).details).toEqual(["inquiries:validation.detailsTooLong"]);
    expect(errors({ ...ok, details: ["a", "b"] }).details).toEqual(["invalidCharacters"]);
  });
  it("checks the accept and decline forms", () => {
    expect(acceptSchema.safeParse({ date: "2026-12-05", time: "19:30" }).success).toBe(true);
    expect(acceptSchema.safeParse({ date: "05/12/2026", time: "19:30" }).success).toBe(false);
    expect(acceptSchema.safeParse({ date: "2026-12-05", time: "25:00" }).success).toBe(false);
    expect(declineSchema.parse({})).toEqual({ message: "" });
    expect(declineSchema.safeParse({ message: "x".repeat(501) }).success).toBe(false);
  });
});

describe("the accept form's starting values", () => {
  const inquiry = { player_count: 3, hours: 4, session_type: "private", rate_cents: 12500, currency: "MXN" };
  it("starts on the DM's tomorrow at 19:00, priced at hours × rate per seat", () => {
    // 23:30 in Mexico City on 1 December is already 2 December in UTC: the DM's tomorrow is the 2nd.
    const now = new Date("2026-12-02T05:30:00Z");
    expect(acceptDefaults(now, "America/Mexico_City", inquiry)).toEqual({ date: "2026-12-02", time: "19:00", priceCents: 50000 });
    expect(acceptDefaults(now, "Asia/Tokyo", inquiry).date).toBe("2026-12-03");
  });
  it("falls back to UTC when the stored zone is not a zone", () => {
    expect(acceptDefaults(new Date("2026-12-02T05:30:00Z"), "Not/AZone", inquiry).date).toBe("2026-12-03");
  });
});
