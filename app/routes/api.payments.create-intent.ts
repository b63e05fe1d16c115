import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, methodNotAllowed, readBody, requireApiUser, retryAfter } from "#app/modules/api/api.server";
import { requestMeta } from "#app/modules/auth/session.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { recipientLang } from "#app/modules/i18n/rules";
import { payRefusalText } from "#app/modules/payments/messages.server";
import { payDeps, startCardIntent, startOxxoPayment } from "#app/modules/payments/payments.server";
import { oxxoNameSchema, parseCountry } from "#app/modules/payments/rules";
import { isUuid } from "#app/utils/http";
import { payRefusalStatus } from "#app/utils/refusals.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/payments/create-intent (spec section 7).
 * OXXO: {sessionId, paymentMethod: "oxxo", country: "MX", firstName, lastName} answers
 * {booking: {id}, amount, currency, oxxoDetails: {reference, hostedVoucherUrl, expiresAfter}}.
 * Card: {sessionId, country} answers {clientSecret} (and the booking id); the intent offers the
 * methods of the session's currency and that country (card, Klarna, OXXO, boleto, Pix). Errors are {error}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request);
  const body = await readBody(request);
  if (!body) return apiError("Send a JSON object", 400);
  if (body.isSubscription === true || body.seriesId !== undefined) return apiError("Series subscriptions are not paid here yet", 400);
  if (!isUuid(body.sessionId)) return apiError("Session ID is required to create payment", 400);
  if (body.paymentMethod !== undefined && typeof body.paymentMethod !== "string") return apiError('paymentMethod must be "card" or "oxxo"', 400);
  const method = (body.paymentMethod ?? "card").toLowerCase();
  const d = payDeps(context);
  if (method === "oxxo") {
    const names = oxxoNameSchema.safeParse({ firstName: body.firstName, lastName: body.lastName });
    if (!names.success) return apiError(translator(recipientLang(user.preferredLanguage), "validation")(names.error.issues[0]!.message), 400);
    const result = await startOxxoPayment(d, user, {
      sessionId: body.sessionId,
      ...names.data,
      inviteCode: typeof body.inviteCode === "string" ? body.inviteCode.slice(0, 20) : null,
      address: requestMeta(request).ip,
    });
    if (!result.ok) return apiError(payRefusalText(result.refusal, user.preferredLanguage), payRefusalStatus(result.refusal), retryAfter(result));
    return apiJson(
      {
        booking: { id: result.bookingId },
        amount: result.amountCents,
        currency: result.currency,
        oxxoDetails: { reference: result.reference, hostedVoucherUrl: result.voucherUrl, expiresAfter: Math.floor(result.expiresAt.getTime() / 1000) },
      },
      201,
    );
  }
  if (method !== "card") return apiError('paymentMethod must be "card" or "oxxo"', 400);
  const result = await startCardIntent(d, user, {
    sessionId: body.sessionId,
    country: parseCountry(body.country),
    inviteCode: typeof body.inviteCode === "string" ? body.inviteCode.slice(0, 20) : null,
    address: requestMeta(request).ip,
  });
  if (!result.ok) return apiError(payRefusalText(result.refusal, user.preferredLanguage), payRefusalStatus(result.refusal), retryAfter(result));
  return apiJson({ clientSecret: result.clientSecret, bookingId: result.bookingId, amount: result.amountCents, currency: result.currency }, 201);
}
