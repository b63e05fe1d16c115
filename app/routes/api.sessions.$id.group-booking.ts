import type { ActionFunctionArgs } from "@remix-run/node";
import { translator } from "#app/modules/i18n/i18next.server";
import { recipientLang } from "#app/modules/i18n/rules";
import { registerGroup } from "#app/modules/payments/group-payments.server";
import { payDeps } from "#app/modules/payments/payments.server";
import { apiJson, methodNotAllowed, readBody, requireApiUser } from "#app/web/api.server";
import { groupRefusalStatus } from "#app/web/refusals.server";
import { apiCreated, apiRefusal } from "#app/web/replies.server";
import { apiOnce } from "#app/web/request-key.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/sessions/{id}/group-booking {guests: [{name, email}, ...], paymentMethod?} (1-6 guests;
 * decision record 062): seats for a group, all or none. A free session: 201 with the held seats. A
 * paid session: the booker's seat and each guest's for one payment, 201 with the booking that pays
 * (PENDING_PAYMENT) and the card page to pay on, or the OXXO voucher. Otherwise the error in the
 * requester's language, with `fields` naming each bad row's fields.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request);
  const body = await readBody(request, { lists: ["guests"] });
  if (!body) return apiRefusal("invalid", "Invalid JSON body");
  const lang = recipientLang(user.preferredLanguage);
  // Sent again with the same Idempotency-Key, the call acts once and answers as it first did (decision record 096).
  return apiOnce(request, user, { deps: payDeps(context), intent: `api.session.group:${params.id ?? ""}` }, async () => {
    const result = await registerGroup(payDeps(context), user, params.id ?? "", { guests: body.guests, method: body.paymentMethod, lang });
    if (result.ok && result.kind === "free")
      return apiCreated({ success: true, seats: result.seats.map((s) => ({ id: s.id, name: s.guest_name, email: s.guest_email, status: "HELD" })) });
    if (result.ok) {
      const paying = {
        success: true,
        status: "PENDING_PAYMENT",
        bookingId: result.bookingId,
        seats: result.seats,
        amountCents: result.amountCents,
        currency: result.currency,
      };
      if (result.kind === "checkout") return apiCreated({ ...paying, paymentMethod: "CARD", checkoutUrl: result.url });
      const voucher = { reference: result.reference, voucherUrl: result.voucherUrl, expiresAt: result.expiresAt.toISOString() };
      return apiCreated({ ...paying, paymentMethod: "OXXO", voucher });
    }
    const t = translator(lang, "groups");
    const key = result.reading?.form ?? `errors.${result.refusal}`;
    const fields = (result.reading?.rows ?? []).flatMap((row, i) =>
      Object.entries(row).map(([field, message]) => ({ path: `guests[${i}].${field}`, message: t(message as string) })),
    );
    const response = apiJson({ success: false, error: t(key, { count: result.seatsLeft ?? 0 }), fields }, groupRefusalStatus(result.refusal));
    if (result.retryAfterSeconds) response.headers.set("Retry-After", String(result.retryAfterSeconds));
    return response;
  });
}
