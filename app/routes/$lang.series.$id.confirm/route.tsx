import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { requestMeta } from "#app/modules/auth/session.server";
import { deps } from "#app/modules/deps.server";
import { localePath } from "#app/modules/i18n/rules";
import { payDeps } from "#app/modules/payments/payments.server";
import { parseSafetyForm, typedSafetyState } from "#app/modules/safety/schema";
import { seriesConfirmation } from "#app/modules/subscriptions/confirmation.server";
import { subscribeRefusalText } from "#app/modules/subscriptions/messages.server";
import { seriesConfirmSchema } from "#app/modules/subscriptions/schema";
import { cancelSubscription, subscribeByCheckout, subscribeByOxxo, subscribeFree } from "#app/modules/subscriptions/subscriptions.server";
import { parseForm, readForm } from "#app/web/form.server";
import { getOptionalUser, requireUser } from "#app/web/guards.server";
import { invariantResponse, notFound } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";
import { redirectRefused } from "#app/web/refused-forms.server";
import { refuse, seeOther } from "#app/web/replies.server";
import { formOnce } from "#app/web/request-key.server";
import { redirectWithToast } from "#app/web/toast.server";
import { SeriesConfirmPage } from "./page";

// Subscribing to a series: plain HTML, every choice a form post that works without JavaScript
// (decision records 021 and 051).
export const handle = { i18n: ["subscriptions", "sessions", "payments", "validation", "reviews", "safety"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.heading} · Mesa` : "Mesa" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await seriesConfirmation(deps(context), {
    lang: localeOf(params),
    viewer: await getOptionalUser(request),
    seriesId: params.id ?? "",
    url: new URL(request.url),
  });
  if (!page) notFound();
  return page;
}

const INTENTS: readonly unknown[] = ["join", "payCard", "payOxxo", "cancel"];

/** Join (free), pay by card (the hosted page) or at OXXO, or cancel; each answers with a toast and a redirect (PRG). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang, "subscriptions:errors.loginToSubscribe");
  const form = await readForm(request);
  const submission = parseForm(form, { schema: seriesConfirmSchema });
  const { intent } = submission.payload;
  invariantResponse(INTENTS.includes(intent), "Unknown intent");
  const seriesId = params.id ?? "";
  const here = `${localePath(lang, `/series/${seriesId}/confirm`)}${new URL(request.url).search}`;
  const seriesHref = localePath(lang, `/series/${seriesId}`);
  const refused = (refusal: string) =>
    redirectRefused(lang, "subscription", refusal, here, {
      type: "error",
      key: "subscriptions:errors.subscribeFailed",
      params: { reason: subscribeRefusalText(refusal, lang) },
    });
  // Lines and veils come with the subscription; a refused form comes back with every value as typed.
  const safety = intent === "cancel" ? null : parseSafetyForm(form);
  if (safety && !safety.ok) return refuse("invalid", { safety: safety.state, intent: String(intent) });
  if (submission.status !== "success") return refuse("invalid", { ...submission.reply(), oxxoSafety: typedSafetyState(form) });
  const command = submission.value;
  const typed = { address: requestMeta(request).ip, safety: safety?.input };
  // Sent twice, the same rendered form acts once (decision record 096).
  return formOnce(lang, form, { deps: deps(context), userId: user.id, intent: `series.${command.intent}:${seriesId}` }, async () => {
    switch (command.intent) {
      case "cancel": {
        const result = await cancelSubscription(payDeps(context), user, seriesId);
        if (!result.ok) return redirectWithToast(here, { type: "error", key: "subscriptions:errors.notSubscribed" });
        return redirectWithToast(seriesHref, { type: "success", key: "subscriptions:toasts.cancelled" });
      }
      case "payOxxo": {
        // Lines and veils are kept with the voucher's seat: the DM sees them only once the voucher is paid.
        const result = await subscribeByOxxo(payDeps(context), user, seriesId, { ...command, ...typed });
        if (!result.ok) return refused(result.refusal);
        return redirectWithToast(localePath(lang, `/booking/${result.voucher.bookingId}/voucher`), { type: "success", key: "subscriptions:toasts.joinedOxxo" });
      }
      case "payCard": {
        // Lines and veils are kept with the subscription's payment: the DM sees them only once it settles.
        const result = await subscribeByCheckout(payDeps(context), user, seriesId, { ...command, ...typed, lang });
        if (!result.ok) return refused(result.refusal);
        return seeOther(result.url);
      }
      case "join": {
        const result = await subscribeFree(deps(context), user, seriesId, { ...command, ...typed });
        if (!result.ok) return refused(result.refusal);
        return redirectWithToast(`${seriesHref}?subscribed=true`, {
          type: "success",
          key: result.rejoined ? "subscriptions:toasts.rejoined" : "subscriptions:toasts.joined",
        });
      }
    }
  });
}

export default SeriesConfirmPage;

export const ErrorBoundary = GeneralErrorBoundary;
