import { describe, expect, it } from "vitest";
import { redirectRefused, refusedSeat, sendToVerify } from "./refused-forms.server";

const location = (response: Response) => response.headers.get("Location");

describe("where a refused page form leads", () => {
  it("an unverified email goes to verify it, in the page's language, whatever the command", async () => {
    for (const command of ["seat", "subscription", "group"] as const) {
      expect(location(await sendToVerify("pt", command))).toBe("/pt/auth/verify-email");
      expect(location(await redirectRefused("en", command, "emailNotVerified", "/en/x", { type: "error", key: "k" }))).toBe("/en/auth/verify-email");
    }
  });

  it("any other refusal goes back with its toast", async () => {
    const response = await redirectRefused("es", "subscription", "seriesPaused", "/es/series/1/confirm", { type: "error", key: "k" });
    expect(location(response)).toBe("/es/series/1/confirm");
    expect(response.headers.get("Set-Cookie")).toContain("__toast=");
  });

  it("a seat refused after the session closed, and any other seat refusal", async () => {
    expect(location(await refusedSeat("es", "/es/session/1", "leaveClosed", "x"))).toBe("/es/session/1");
    expect(location(await refusedSeat("es", "/es/session/1", "emailNotVerified", "x"))).toBe("/es/auth/verify-email");
  });
});
