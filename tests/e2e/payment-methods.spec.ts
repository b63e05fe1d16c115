import type { Page } from "@playwright/test";
import { actAs, expect, hostSession, newUser, test } from "./fixtures";

/**
 * From the confirmation page to the offline test page: with JavaScript through the card dialog
 * (a PaymentIntent), without it through the card form (a hosted card page). Returns the page's path.
 */
async function openTestPayment(page: Page, lang: "es" | "pt", sessionId: string, javaScriptEnabled: boolean) {
  const payCard = lang === "es" ? "Pagar con tarjeta" : "Pagar com cartão";
  await page.goto(`/${lang}/session/${sessionId}/confirm`);
  if (javaScriptEnabled) {
    await page.getByRole("button", { name: payCard }).click();
    await page.getByRole("link", { name: lang === "es" ? "Continuar al pago de prueba" : "Continuar para o pagamento de teste" }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/dev/payments/pi_offline_[0-9a-f]+$`));
  } else {
    await page.getByRole("button", { name: payCard }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/dev/payments/cs_offline_[0-9a-f]+$`));
  }
  return new URL(page.url()).pathname;
}

// Both projects run these: with JavaScript off the choice is a plain radio group in a form.
test("MXN: the test page offers card and OXXO only; OXXO needing action makes a voucher, and paying it confirms the seat", async ({
  page,
  javaScriptEnabled,
}) => {
  const host = await newUser({ role: "dm" });
  const player = await newUser({ preferredLanguage: "es" });
  await actAs(page, host);
  const id = await hostSession(page, {
    price: 25000,
    currency: "MXN",
    allowedPaymentMethods: ["CARD", "OXXO"],
    minAdvanceBookingHours: 120,
    maxParticipants: 3,
  });

  await actAs(page, player);
  const testPage = await openTestPayment(page, "es", id, javaScriptEnabled);
  const methods = page.getByRole("group", { name: "Medio de pago" });
  await expect(methods.getByRole("radio")).toHaveCount(2);
  await expect(methods.getByRole("radio", { name: "Tarjeta" })).toBeChecked();
  await expect(methods.getByRole("radio", { name: "OXXO (efectivo)" })).toBeVisible();
  await expect(methods.getByRole("radio", { name: /Boleto|Pix|Klarna/ })).toHaveCount(0);

  await methods.getByRole("radio", { name: "OXXO (efectivo)" }).check();
  await page.getByRole("button", { name: "Requiere acción (autenticación o ficha)" }).click();
  // The hosted page completes unpaid and returns to the session; the dialog's intent stays on the test page.
  if (!javaScriptEnabled) await expect(page).toHaveURL(new RegExp(`/es/session/${id}\\?payment=success$`));
  await page.goto(`/es/session/${id}/confirm`);
  await expect(page.getByText(/Tu lugar está apartado hasta/)).toBeVisible();

  await page.goto(testPage);
  await expect(page.getByText(/^\d{18}$/)).toBeVisible();
  await expect(page.getByRole("radio", { name: "OXXO (efectivo)" })).toBeChecked();
  await page.getByRole("button", { name: "Pago exitoso" }).click();
  await page.goto(`/es/session/${id}?payment=success`);
  await expect(page.getByText("¡Pago recibido! Tu reserva está confirmada.")).toBeVisible();
});

test("BRL in Portuguese: the test page offers card, boleto and Pix; a boleto needing action holds the seat until it is paid", async ({
  page,
  javaScriptEnabled,
}) => {
  const host = await newUser({ role: "dm" });
  const player = await newUser({ preferredLanguage: "pt" });
  await actAs(page, host);
  const id = await hostSession(page, { price: 25000, currency: "BRL", allowedPaymentMethods: ["CARD"], minAdvanceBookingHours: 120, maxParticipants: 3 });

  await actAs(page, player);
  const testPage = await openTestPayment(page, "pt", id, javaScriptEnabled);
  const methods = page.getByRole("group", { name: "Forma de pagamento" });
  await expect(methods.getByRole("radio")).toHaveCount(3);
  await expect(methods.getByRole("radio", { name: "Cartão" })).toBeChecked();
  await expect(methods.getByRole("radio", { name: "Boleto bancário" })).toBeVisible();
  await expect(methods.getByRole("radio", { name: "Pix" })).toBeVisible();
  await expect(methods.getByRole("radio", { name: /OXXO|Klarna/ })).toHaveCount(0);

  await methods.getByRole("radio", { name: "Boleto bancário" }).check();
  await page.getByRole("button", { name: "Requer ação (autenticação ou boleto)" }).click();
  if (!javaScriptEnabled) await expect(page).toHaveURL(new RegExp(`/pt/session/${id}\\?payment=success$`));
  await page.goto(testPage);
  await expect(page.getByText(/^\d{47}$/)).toBeVisible();
  await page.getByRole("button", { name: "Pagamento aprovado" }).click();
  await page.goto(`/pt/session/${id}?payment=success`);
  await expect(page.getByText("Pagamento recebido! Sua reserva está confirmada.")).toBeVisible();
});
