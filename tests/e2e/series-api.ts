import type { Page } from "@playwright/test";
import { DateTime } from "luxon";
import { expect } from "./fixtures";

export const seriesZone = "America/Mexico_City";
/** A day counted from today in the series' zone. */
export const seriesDay = (n: number) => DateTime.now().setZone(seriesZone).plus({ days: n });

/**
 * Creates, as the signed-in host of `page`, an ongoing weekly free series through the JSON API:
 * starting in three days, its first session five days ahead; `fields` override any of the API's.
 * Returns its id.
 */
export async function hostWeeklySeries(page: Page, title: string, fields: Record<string, unknown> = {}) {
  const created = await page.request.post("/api/session-series", {
    data: {
      title,
      game: "D&D 5e",
      frequency: "WEEKLY",
      timezone: seriesZone,
      startDate: seriesDay(3).toISODate(),
      timeOfDay: "19:00",
      dayOfWeek: seriesDay(5).weekday % 7,
      duration: 120,
      maxParticipants: 5,
      minParticipants: 2,
      price: 0,
      currency: "MXN",
      sessionInstructions: "Trae tu ficha y dados.",
      autoGenerateAhead: 2,
      isOngoing: true,
      ...fields,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}
