import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Banner } from "#app/components/sessions/confirm-parts";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { requireUser } from "#app/modules/auth/guards.server";
import { deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { subscriptionPayment } from "#app/modules/subscriptions/subscriptions.server";
import { redirectWithToast } from "#app/modules/toast/toast.server";

// Where a card subscription comes back (spec section 4): it waits for the provider's webhook and
// refreshes itself (a meta refresh, so it works without JavaScript), then lands on the series.
export const handle = { i18n: ["subscriptions", "payments"], hydrate: false };

const REFRESH_SECONDS = 3;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.heading} · Mesa` : "Mesa" },
  ...(data?.state === "waiting" ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) }] : []),
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = params.lang as Locale;
  const user = await requireUser(request, lang, "subscriptions:errors.loginToSubscribe");
  const seriesId = params.id ?? "";
  const url = new URL(request.url);
  const payment = await subscriptionPayment(deps(context), user, seriesId, url.searchParams.get("paymentIntent"));
  const confirmHref = localePath(lang, `/series/${seriesId}/confirm`);
  if (!payment) throw redirect(confirmHref);
  const seriesHref = localePath(lang, `/series/${seriesId}`);
  if (payment.state === "paid") throw await redirectWithToast(`${seriesHref}?subscribed=true`, { type: "success", key: "subscriptions:toasts.joinedPaid" });
  return {
    heading: translator(lang, "subscriptions")("processing.title"),
    state: payment.state,
    here: `${url.pathname}${url.search}`,
    seriesHref,
    // A seat whose payment failed is paid again from the session's own confirmation page.
    payHref: payment.sessionId ? localePath(lang, `/session/${payment.sessionId}/confirm`) : confirmHref,
  };
}

export default function SubscriptionProcessingPage() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("subscriptions");
  return (
    <section className="mx-auto max-w-lg space-y-4 rounded-lg border border-stone-200 bg-white p-6">
      <h1 className="text-2xl font-bold">{t("processing.title")}</h1>
      {page.state === "waiting" ? (
        <>
          <p className="text-stone-700">{t("processing.body")}</p>
          <a href={page.here} className={buttonClass("secondary", "w-full")}>
            {t("processing.again")}
          </a>
        </>
      ) : (
        <>
          <Banner tone="warn">{t("processing.failed")}</Banner>
          {page.state === "failed" ? (
            <Link to={page.payHref} className={buttonClass("primary", "w-full")}>
              {t("card.pay", { ns: "payments" })}
            </Link>
          ) : null}
        </>
      )}
      <Link to={page.seriesHref} className={buttonClass("secondary", "w-full")}>
        {t("processing.backToSeries")}
      </Link>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
