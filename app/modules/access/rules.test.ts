import { describe, expect, it } from "vitest";
import {
  canAnswerInvitation,
  canHost,
  canManageSeries,
  canManageSession,
  canReadUserData,
  canRemoveFromSession,
  canReportMessage,
  canSeeInstructions,
  canSeePrivateSession,
  canTakeSeat,
  hostsSession,
} from "./rules";

const host = { id: "host", isAdmin: false };
const admin = { id: "admin", isAdmin: true };
const player = { id: "player", isAdmin: false };
const session = { dm_id: "host", is_private: false };
const privateSession = { dm_id: "host", is_private: true };

describe("managing", () => {
  it("lets DMs and admins host, players not", () => {
    expect(canHost({ isDm: true, isAdmin: false })).toBe(true);
    expect(canHost({ isDm: false, isAdmin: true })).toBe(true);
    expect(canHost({ isDm: false, isAdmin: false })).toBe(false);
    expect(canHost(null)).toBe(false);
  });

  it("lets the host and admins manage a session or series, and nobody else", () => {
    for (const can of [canManageSession, canManageSeries]) {
      expect(can(host, session)).toBe(true);
      expect(can(admin, session)).toBe(true);
      expect(can(player, session)).toBe(false);
      expect(can(null, session)).toBe(false);
    }
  });

  it("lets a player remove only themself, the host and admins anyone", () => {
    expect(canRemoveFromSession(player, session, "player")).toBe(true);
    expect(canRemoveFromSession(player, session, "other")).toBe(false);
    expect(canRemoveFromSession(host, session, "other")).toBe(true);
    expect(canRemoveFromSession(admin, session, "other")).toBe(true);
    expect(canRemoveFromSession(null, session, "player")).toBe(false);
  });
});

describe("seeing", () => {
  it("shows instructions to the host, admins and confirmed players only", () => {
    expect(canSeeInstructions(host, session, { confirmed: false })).toBe(true);
    expect(canSeeInstructions(admin, session, { confirmed: false })).toBe(true);
    expect(canSeeInstructions(player, session, { confirmed: true })).toBe(true);
    expect(canSeeInstructions(player, session, { confirmed: false })).toBe(false);
    expect(canSeeInstructions(null, session, { confirmed: true })).toBe(false);
  });

  it("lists a private session to its host, admins and players holding a seat, a public one to everyone", () => {
    expect(canSeePrivateSession(null, session, { active: false })).toBe(true);
    expect(canSeePrivateSession(null, privateSession, { active: false })).toBe(false);
    expect(canSeePrivateSession(player, privateSession, { active: false })).toBe(false);
    expect(canSeePrivateSession(player, privateSession, { active: true })).toBe(true);
    expect(canSeePrivateSession(host, privateSession, { active: false })).toBe(true);
    expect(canSeePrivateSession(admin, privateSession, { active: false })).toBe(true);
  });

  it("shows a user's own data to that user and admins", () => {
    expect(canReadUserData(player, "player")).toBe(true);
    expect(canReadUserData(admin, "player")).toBe(true);
    expect(canReadUserData(host, "player")).toBe(false);
    expect(canReadUserData(null, "player")).toBe(false);
  });

  it("lets anyone signed in but the host take a seat", () => {
    expect(canTakeSeat(player, session)).toBe(true);
    expect(canTakeSeat(admin, session)).toBe(true);
    expect(canTakeSeat(host, session)).toBe(false);
    expect(canTakeSeat(null, session)).toBe(false);
    expect(hostsSession(host, session)).toBe(true);
    expect(hostsSession(admin, session)).toBe(false);
  });
});

describe("chat access", () => {
  const host = { id: "h", isAdmin: false };
  const player = { id: "p", isAdmin: false };
  const session = { dm_id: "h" };
  it("lets the host and confirmed players into a session chat, and tells a pending payer to wait", async () => {
    const { sessionChatAccess } = await import("./rules");
    expect(sessionChatAccess(host, session, { status: null })).toBe("member");
    expect(sessionChatAccess(player, session, { status: "CONFIRMED" })).toBe("member");
    expect(sessionChatAccess(player, session, { status: "PENDING_PAYMENT" })).toBe("afterPayment");
    expect(sessionChatAccess(player, session, { status: null })).toBe("none");
    expect(sessionChatAccess({ id: "a", isAdmin: true }, session, { status: null })).toBe("none");
    expect(sessionChatAccess(null, session, { status: "CONFIRMED" })).toBe("none");
  });
  it("keeps a direct chat to its two people", async () => {
    const { canReadDirectChat, canStartDirectChat } = await import("./rules");
    expect(canReadDirectChat(player, { user_a: "h", user_b: "p" })).toBe(true);
    expect(canReadDirectChat({ id: "x", isAdmin: true }, { user_a: "h", user_b: "p" })).toBe(false);
    expect(canStartDirectChat(player, "p")).toBe(false);
    expect(canStartDirectChat(player, "h")).toBe(true);
  });
});

describe("answering a guest seat", () => {
  const seat = { guest_email: "guest@example.test" };
  it("only the account whose verified address the seat names", () => {
    expect(canAnswerInvitation({ email: "Guest@Example.test", emailVerified: true }, seat)).toBe(true);
    expect(canAnswerInvitation({ email: "guest@example.test", emailVerified: false }, seat)).toBe(false);
    expect(canAnswerInvitation({ email: "other@example.test", emailVerified: true }, seat)).toBe(false);
    expect(canAnswerInvitation(null, seat)).toBe(false);
  });

  it("lets a chat's member report someone else's message, never their own nor one already removed", () => {
    const ana = { id: "ana", isAdmin: false };
    expect(canReportMessage(ana, { senderId: "pablo", removed: false })).toBe("ok");
    expect(canReportMessage(ana, { senderId: "ana", removed: false })).toBe("self");
    expect(canReportMessage(ana, { senderId: "pablo", removed: true })).toBe("removed");
    expect(canReportMessage(null, { senderId: "pablo", removed: false })).toBe("self");
  });
});
