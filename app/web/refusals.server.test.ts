import { describe, expect, it } from "vitest";
import { bookingRefusalStatus, payRefusalStatus, refusalResponse, refusalStatus, throwPageRefusal, webhookReply } from "./refusals.server";

describe("refusals become HTTP statuses only on the route side", () => {
  it("maps a use case's words to 404, 403, 400 and 409", () => {
    expect(refusalStatus("notFound")).toBe(404);
    expect(refusalStatus("forbidden")).toBe(403);
    expect(refusalStatus("invalid")).toBe(400);
    expect(refusalStatus("conflict")).toBe(409);
  });

  it("answers a bare refusal with the status and its standard text", async () => {
    const bad = refusalResponse("invalid");
    expect([bad.status, await bad.text()]).toEqual([400, "Bad Request"]);
    const missing = refusalResponse("notFound");
    expect([missing.status, await missing.text()]).toEqual([404, "Not Found"]);
  });

  it("answers a page's 'not found' with the 404 page and 'forbidden' with the guard screen", async () => {
    const thrown = (refusal: "notFound" | "forbidden" | "invalid") => {
      try {
        throwPageRefusal(refusal, "/es/session/1");
      } catch (error) {
        return error;
      }
      return null;
    };
    expect((thrown("notFound") as Response).status).toBe(404);
    const guard = thrown("forbidden") as { init: ResponseInit | null; data: unknown };
    expect(guard.init?.status).toBe(403);
    expect(guard.data).toEqual({ guard: true, fallback: "/es/session/1" });
    // Anything else is the page's own to show beside its form.
    expect(thrown("invalid")).toBeNull();
  });

  it("answers booking refusals with fitting statuses", () => {
    expect(bookingRefusalStatus("notFound")).toBe(404);
    expect(bookingRefusalStatus("notWaiting")).toBe(404);
    expect(bookingRefusalStatus("notAllowed")).toBe(403);
    expect(bookingRefusalStatus("emailNotVerified")).toBe(403);
    expect(bookingRefusalStatus("sessionFull")).toBe(409);
    expect(bookingRefusalStatus("tooManyHolds")).toBe(409);
    expect(bookingRefusalStatus("tooManyLines")).toBe(409);
    expect(bookingRefusalStatus("leaveClosed")).toBe(409);
    expect(bookingRefusalStatus("notFree")).toBe(400);
    expect(bookingRefusalStatus("inviteInvalid")).toBe(400);
    expect(bookingRefusalStatus("inviteTriesLimited")).toBe(429);
  });

  it("answers payment refusals with fitting statuses", () => {
    expect(payRefusalStatus("providerError")).toBe(502);
    expect(payRefusalStatus("inviteTriesLimited")).toBe(429);
    expect(payRefusalStatus("notFound")).toBe(404);
    // A payment has no waiting-list entry to miss: leaving the line is not its business.
    expect(payRefusalStatus("notWaiting")).toBe(409);
    expect(payRefusalStatus("ownSession")).toBe(403);
    expect(payRefusalStatus("oxxoTooClose")).toBe(400);
    expect(payRefusalStatus("isFree")).toBe(400);
    expect(payRefusalStatus("paymentPending")).toBe(409);
    expect(payRefusalStatus("sessionFull")).toBe(409);
  });

  it("answers the provider's webhook with 200 for every event taken and 400 for a bad signature or shape", () => {
    expect(webhookReply({ ok: true, outcome: "confirmed" })).toEqual({ status: 200, body: { received: true, outcome: "confirmed" } });
    expect(webhookReply({ ok: true, outcome: "ignored" })).toEqual({ status: 200, body: { received: true, outcome: "ignored" } });
    expect(webhookReply({ ok: true, outcome: "duplicate" })).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(webhookReply({ ok: false, refusal: "badSignature", detail: "No signatures found" })).toEqual({
      status: 400,
      body: { error: "Webhook signature verification failed: No signatures found" },
    });
    expect(webhookReply({ ok: false, refusal: "badPayload" })).toEqual({ status: 400, body: { error: "Malformed event" } });
  });
});
