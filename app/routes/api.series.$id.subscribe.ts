import type { ActionFunctionArgs } from "@remix-run/node";
import { requestMeta } from "#app/modules/auth/session.server";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { recipientLang } from "#app/modules/i18n/rules";
import { payDeps } from "#app/modules/payments/payments.server";
import { parseSafetyJson, SAFETY_LIST_FIELDS } from "#app/modules/safety/schema";
import { subscribeRefusalText } from "#app/modules/subscriptions/messages.server";
import { isProviderRef } from "#app/modules/subscriptions/rules";
import { oxxoNameSchema, subscribeCallSchema } from "#app/modules/subscriptions/schema";
import { subscribeByOxxo, subscribeFree, subscriptionPayment } from "#app/modules/subscriptions/subscriptions.server";
import { apiError, apiJson, methodNotAllowed, readBody, requireApiUser, retryAfter } from "#app/web/api.server";
import { isUuid } from "#app/web/http";
import { subscribeRefusalStatus } from "#app/web/refusals.server";
import { apiCreated, apiRefusal } from "#app/web/replies.server";
import { apiOnce } from "#app/web/request-key.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/series/{id}/subscribe (spec section 7), two payloads:
 * - free or OXXO: {paymentMethod: "free" | "oxxo", nextSessionId, inviteCode?, firstName?, lastName?}
 *   answers {success, subscriptionId} and, for OXXO, {oxxoVoucher: {bookingId, reference, hostedVoucherUrl, expiresAfter, amount, currency}};
 * - after a card payment: {paymentIntentId, paymentStatus} answers {subscriptionId} once the
 *   provider's webhook confirmed that payment. The body's paymentStatus is never believed: a
 *   payment not yet confirmed answers 409 and the client goes to the processing page; a declined
 *   one answers 402 (there is no subscription: a card subscription begins when its first payment is in).
 * Card subscriptions start at POST /api/payments/create-intent with {isSubscription: true, seriesId}.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request);
  const body = await readBody(request, { lists: SAFETY_LIST_FIELDS });
  if (!body) return apiRefusal("invalid", "Send a JSON object");
  const seriesId = params.id ?? "";
  const lang = recipientLang(user.preferredLanguage);
  const t = translator(lang, "subscriptions");
  if (!isUuid(seriesId)) return apiRefusal("notFound", t("errors.notSubscribed"));

  if (body.paymentIntentId !== undefined) {
    if (!isProviderRef(body.paymentIntentId)) return apiRefusal("invalid", "paymentIntentId is not valid");
    const payment = await subscriptionPayment(deps(context), user, seriesId, body.paymentIntentId);
    if (!payment || payment.state === "unknown") return apiRefusal("notFound", t("errors.notSubscribed"));
    // A declined first payment leaves no subscription (decision record 070): the client subscribes again.
    if (payment.state === "declined") return apiRefusal("declined", t("errors.cardDeclined"));
    if (payment.state !== "paid") return apiRefusal("conflict", t("processing.body"));
    return apiJson({ success: true, subscriptionId: payment.subscriptionId });
  }

  // Sent again with the same Idempotency-Key, the call acts once and answers as it first did (decision record 096).
  return apiOnce(request, user, { deps: deps(context), intent: `api.series.subscribe:${seriesId}` }, async () => {
    const call = subscribeCallSchema.safeParse({ paymentMethod: body.paymentMethod, nextSessionId: body.nextSessionId, inviteCode: body.inviteCode });
    if (!call.success) return apiRefusal("invalid", call.error.issues[0]!.message);
    const safety = parseSafetyJson(body);
    if (!safety.ok) return apiRefusal("invalid", safety.message);
    const typed = { nextSessionId: call.data.nextSessionId, inviteCode: call.data.inviteCode, address: requestMeta(request).ip, safety: safety.input };
    if (call.data.paymentMethod === "free") {
      const result = await subscribeFree(deps(context), user, seriesId, typed);
      if (!result.ok) return apiError(subscribeRefusalText(result.refusal, lang), subscribeRefusalStatus(result.refusal), retryAfter(result));
      return apiCreated({ success: true, subscriptionId: result.subscriptionId, rejoined: result.rejoined });
    }
    const names = oxxoNameSchema.safeParse({ firstName: body.firstName, lastName: body.lastName });
    if (!names.success) return apiRefusal("invalid", translator(lang, "validation")(names.error.issues[0]!.message));
    const result = await subscribeByOxxo(payDeps(context), user, seriesId, { ...typed, ...names.data });
    if (!result.ok) return apiError(subscribeRefusalText(result.refusal, lang), subscribeRefusalStatus(result.refusal), retryAfter(result));
    const v = result.voucher;
    return apiCreated({
      success: true,
      subscriptionId: result.subscriptionId,
      rejoined: result.rejoined,
      oxxoVoucher: {
        bookingId: v.bookingId,
        reference: v.reference,
        hostedVoucherUrl: v.voucherUrl,
        expiresAfter: Math.floor(v.expiresAt.getTime() / 1000),
        amount: v.amountCents,
        currency: v.currency,
      },
    });
  });
}
