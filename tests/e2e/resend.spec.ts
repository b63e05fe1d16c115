import { getDb } from "../../db/client.server";
import { createSession } from "../fixtures/sessions";
import { expect, newUser, signInAs, test } from "./fixtures";

// A form sent twice (a double tap, a retry after a dropped connection) books once (decision record 096).
test("a booking form sent a second time books once @no-js-only", async ({ page, baseURL }) => {
  const host = await newUser({ role: "dm" });
  const player = await newUser({ preferredLanguage: "en" });
  const { id } = await createSession({ host: host.id, maxParticipants: 3, title: `Twice ${Date.now()}` });
  await signInAs(page, player);
  await page.goto(`/en/session/${id}/confirm`);
  const button = page.getByRole("button", { name: "Confirm free booking" });
  const form = page.locator("form", { has: button });
  // The fields as rendered, the form's key among them, before the first post.
  const fields = Object.fromEntries(
    await form
      .locator("input[type=hidden]")
      .evaluateAll((inputs) => inputs.map((input) => [(input as HTMLInputElement).name, (input as HTMLInputElement).value])),
  );
  expect(fields.requestKey).toMatch(/^[0-9a-f-]{36}$/);
  await button.click();
  await expect(page.getByText("Your seat is booked. See you at the table!")).toBeVisible();

  // The same body again, as a retry of the same rendered form: the first answer, nothing booked twice.
  const again = await page.request.post(`/en/session/${id}/confirm`, { form: fields, maxRedirects: 0, headers: { Origin: new URL(baseURL!).origin } });
  expect(again.status()).toBe(302);
  expect(again.headers().location).toBe(`/en/session/${id}`);
  await page.goto(`/en/session/${id}`);
  await expect(page.getByText("1 of 3 taken")).toBeVisible();
  expect(await getDb().selectFrom("bookings").select("id").where("session_id", "=", id).execute()).toHaveLength(1);
});
