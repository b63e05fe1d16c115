import { describe, expect, it } from "vitest";
import { gameDescription, type SharedColumns, sharedFormValues, sharedRowFromForm } from "./shared-fields";

const stored: SharedColumns = {
  safety_tools: ["x_card"],
  title: "La cripta del rey",
  description: "Una partida corta",
  session_instructions: "Trae tu ficha",
  game: "D&D 5e",
  genre: null,
  experience_level: "BEGINNER",
  max_participants: 5,
  min_participants: 3,
  pre_session_check_hours: 24,
  tags: ["one-shot", "Sandbox"],
  price_cents: 12550,
  currency: "MXN",
  allowed_payment_methods: ["CARD", "OXXO"],
  min_advance_booking_hours: 120,
  voucher_payment_days: 3,
  location: null,
  image_url: "/uploads/cripta.webp",
};

describe("fields a session and a series share", () => {
  it("shows a stored row as form values: numbers as text, nothing as empty, the price exact", () => {
    expect(sharedFormValues(stored)).toEqual({
      title: "La cripta del rey",
      description: "Una partida corta",
      sessionInstructions: "Trae tu ficha",
      game: "D&D 5e",
      genre: "",
      experienceLevel: "BEGINNER",
      maxParticipants: "5",
      minParticipants: "3",
      preSessionCheckHours: "24",
      tags: ["one-shot", "Sandbox"],
      safetyTools: ["x_card"],
      isFree: "",
      price: "125.50",
      currency: "MXN",
      paymentMethods: ["CARD", "OXXO"],
      minAdvanceBookingHours: "120",
      voucherPaymentDays: "3",
      location: "",
      imageUrl: "/uploads/cripta.webp",
    });
  });

  it("stores a genre or level left out as none", () => {
    const described = { title: "La cripta", description: "", sessionInstructions: "", game: "D&D 5e" };
    expect(gameDescription({ ...described, genre: null, experienceLevel: undefined })).toEqual({ ...described, genre: null, experienceLevel: null });
    expect(gameDescription({ ...described, genre: "Horror", experienceLevel: "ADVANCED" })).toEqual({
      ...described,
      genre: "Horror",
      experienceLevel: "ADVANCED",
    });
  });

  it("ticks 'free' and leaves the price empty for a free game, and the image empty when there is none", () => {
    expect(sharedFormValues({ ...stored, price_cents: 0, image_url: null })).toMatchObject({ isFree: "on", price: "", imageUrl: "" });
  });

  it("stores a form's values: tags by id or name, empty choices and location as null, the image as sent", () => {
    const row = sharedRowFromForm({
      title: "La cripta del rey",
      description: "",
      sessionInstructions: "",
      game: "D&D 5e",
      genre: undefined,
      experienceLevel: undefined,
      maxParticipants: 5,
      minParticipants: 3,
      preSessionCheckHours: 24,
      tags: ["Partida única", "Sandbox", "one-shot"],
      safetyTools: ["session_zero"],
      price: 0,
      currency: "MXN",
      paymentMethods: ["CARD"],
      minAdvanceBookingHours: 120,
      voucherPaymentDays: 3,
      location: "",
      imageUrl: undefined,
    });
    expect(row).toEqual({
      title: "La cripta del rey",
      description: "",
      sessionInstructions: "",
      game: "D&D 5e",
      genre: null,
      experienceLevel: null,
      maxParticipants: 5,
      minParticipants: 3,
      preSessionCheckHours: 24,
      tags: ["one-shot", "Sandbox"],
      safetyTools: ["session_zero"],
      priceCents: 0,
      currency: "MXN",
      allowedPaymentMethods: ["CARD"],
      minAdvanceBookingHours: 120,
      voucherPaymentDays: 3,
      location: null,
      imageUrl: null,
    });
  });
});
