import { describe, expect, it } from "vitest";
import { cardOutcome } from "./card-outcome";

describe("the card dialog's outcome (spec section 4)", () => {
  it("goes on when the payment succeeded or is processing", () => {
    expect(cardOutcome({ paymentIntent: { status: "succeeded" } })).toEqual({ kind: "paid" });
    expect(cardOutcome({ paymentIntent: { status: "processing" } })).toEqual({ kind: "paid" });
  });
  it("shows the voucher of a cash or slip method chosen in the dialog", () => {
    expect(cardOutcome({ paymentIntent: { status: "requires_action", next_action: { type: "oxxo_display_details" } } })).toEqual({ kind: "voucher" });
    expect(cardOutcome({ paymentIntent: { status: "requires_action", next_action: { type: "boleto_display_details" } } })).toEqual({ kind: "voucher" });
  });
  it("asks for another method, or for confirmation, with the spec's messages", () => {
    expect(cardOutcome({ paymentIntent: { status: "requires_payment_method" } })).toEqual({ kind: "message", key: "card.paymentFailedTryDifferent" });
    expect(cardOutcome({ paymentIntent: { status: "requires_confirmation" } })).toEqual({ kind: "message", key: "card.paymentRequiresConfirmation" });
  });
  it("names any other status", () => {
    expect(cardOutcome({ paymentIntent: { status: "canceled" } })).toEqual({ kind: "message", key: "card.paymentStatus", values: { status: "canceled" } });
    expect(cardOutcome({ paymentIntent: { status: "requires_action", next_action: { type: "redirect_to_url" } } })).toMatchObject({
      key: "card.paymentStatus",
    });
  });
  it("is a processing failure with neither error nor intent", () => {
    expect(cardOutcome({})).toEqual({ kind: "message", key: "card.paymentProcessingFailed" });
  });
  it("shows Stripe's words for a declined card, and 'Payment failed' for anything else", () => {
    expect(cardOutcome({ error: { type: "card_error", message: "Tu tarjeta fue rechazada." } })).toEqual({ kind: "text", text: "Tu tarjeta fue rechazada." });
    expect(cardOutcome({ error: { type: "validation_error", message: "Número incompleto." } })).toEqual({ kind: "text", text: "Número incompleto." });
    expect(cardOutcome({ error: { type: "api_connection_error", message: "Network down" } })).toEqual({ kind: "message", key: "card.paymentFailed" });
    expect(cardOutcome({ error: { type: "card_error" } })).toEqual({ kind: "message", key: "card.paymentFailed" });
  });
});
