import type { ActionFunctionArgs } from "@remix-run/node";
import { type Requester, requestMeta } from "#app/modules/auth/session.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { recipientLang } from "#app/modules/i18n/rules";
import { typedInviteCode } from "#app/modules/invites/rules";
import { payRefusalText } from "#app/modules/payments/messages.server";
import { payDeps, startCardIntent, startOxxoPayment } from "#app/modules/payments/payments.server";
import { oxxoNameSchema, parseCountry } from "#app/modules/payments/rules";
import { SEAT_PAYMENT_WORDS, seatPaymentBodySchema } from "#app/modules/payments/schema";
import { asSafetyInput, parseSafetyJson, SAFETY_LIST_FIELDS } from "#app/modules/safety/schema";
import { subscribeRefusalText } from "#app/modules/subscriptions/messages.server";
import { subscribeByCard } from "#app/modules/subscriptions/subscriptions.server";
import { apiError, bodyProblem, methodNotAllowed, readBody, requireApiUser, retryAfter } from "#app/web/api.server";
import { isUuid } from "#app/web/http";
import { payRefusalStatus, subscribeRefusalStatus } from "#app/web/refusals.server";
import { apiCreated, apiRefusal } from "#app/web/replies.server";
import { apiOnce } from "#app/web/request-key.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/payments/create-intent (spec section 7).
 * A card subscription: {isSubscription: true, seriesId, country, nextSessionId?, inviteCode?}
 * starts paying the series' next session (decision record 051), answering {clientSecret, subscriptionId}; the
 * subscription waits for that payment and begins only when the webhook confirms it (decision record 070).
 * OXXO: {sessionId, paymentMethod: "oxxo", country: "MX", firstName, lastName} answers
 * {booking: {id}, amount, currency, oxxoDetails: {reference, hostedVoucherUrl, expiresAfter}}.
 * Card: {sessionId, country} answers {clientSecret} (and the booking id); the intent offers the
 * methods of the session's currency and that country (card, Klarna, OXXO, boleto, Pix). Errors are {error}.
 * Each takes the optional lines and veils of the book and subscribe endpoints (`lines`, `veils`,
 * `safetyNote`, `anonymous`): kept with the hold, the DM sees them only once the payment settled
 * and the seat is confirmed (decision record 061); bad ones answer 400 and start nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request);
  const body = await readBody(request, { lists: SAFETY_LIST_FIELDS });
  if (!body) return apiRefusal("invalid", "Send a JSON object");
  // Sent again with the same Idempotency-Key, the call acts once and answers as it first did (decision record 096).
  return apiOnce(request, user, { deps: payDeps(context), intent: "api.payments.create-intent" }, async () => {
    if (body.isSubscription === true || body.seriesId !== undefined) return subscriptionIntent(request, context, user, body);
    const parsed = seatPaymentBodySchema.safeParse(body);
    if (!parsed.success) return apiRefusal("invalid", bodyProblem(parsed.error, SEAT_PAYMENT_WORDS));
    const { sessionId, paymentMethod, inviteCode = null, country } = parsed.data;
    const seat = { sessionId, inviteCode, address: requestMeta(request).ip, safety: asSafetyInput(parsed.data) };
    const d = payDeps(context);
    if (paymentMethod === "oxxo") {
      const names = oxxoNameSchema.safeParse({ firstName: body.firstName, lastName: body.lastName });
      if (!names.success) return apiRefusal("invalid", translator(recipientLang(user.preferredLanguage), "validation")(names.error.issues[0]!.message));
      const result = await startOxxoPayment(d, user, { ...seat, ...names.data });
      if (!result.ok) return apiError(payRefusalText(result.refusal, user.preferredLanguage), payRefusalStatus(result.refusal), retryAfter(result));
      return apiCreated({
        booking: { id: result.bookingId },
        amount: result.amountCents,
        currency: result.currency,
        oxxoDetails: { reference: result.reference, hostedVoucherUrl: result.voucherUrl, expiresAfter: Math.floor(result.expiresAt.getTime() / 1000) },
      });
    }
    const result = await startCardIntent(d, user, { ...seat, country });
    if (!result.ok) return apiError(payRefusalText(result.refusal, user.preferredLanguage), payRefusalStatus(result.refusal), retryAfter(result));
    return apiCreated({ clientSecret: result.clientSecret, bookingId: result.bookingId, amount: result.amountCents, currency: result.currency });
  });
}

/** The card subscription's intent: the payload names a series, never a session. */
async function subscriptionIntent(request: Request, context: ActionFunctionArgs["context"], user: Requester, body: Record<string, unknown>) {
  const safety = parseSafetyJson(body);
  if (!safety.ok) return apiRefusal("invalid", safety.message);
  const lang = recipientLang(user.preferredLanguage);
  if (body.isSubscription !== true || !isUuid(body.seriesId)) return apiRefusal("invalid", "A subscription needs isSubscription: true and a seriesId");
  if (body.nextSessionId !== undefined && body.nextSessionId !== null && !isUuid(body.nextSessionId))
    return apiRefusal("invalid", "nextSessionId is not valid");
  const inviteCode = typedInviteCode.safeParse(body.inviteCode);
  if (!inviteCode.success) return apiRefusal("invalid", "inviteCode is not valid");
  const d = payDeps(context);
  const result = await subscribeByCard(d, user, body.seriesId, {
    nextSessionId: (body.nextSessionId as string | undefined) ?? null,
    country: parseCountry(body.country),
    inviteCode: inviteCode.data ?? null,
    address: requestMeta(request).ip,
    safety: safety.input,
  });
  if (!result.ok) return apiError(subscribeRefusalText(result.refusal, lang), subscribeRefusalStatus(result.refusal), retryAfter(result));
  return apiCreated({
    clientSecret: result.clientSecret,
    subscriptionId: result.subscriptionId,
    nextSessionId: result.nextSessionId,
    amount: result.amountCents,
    currency: result.currency,
  });
}
