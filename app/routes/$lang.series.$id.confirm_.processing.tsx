import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Banner } from "#app/components/sessions/confirm-parts";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { subscriptionPayment } from "#app/modules/subscriptions/subscriptions.server";
import { useNonce } from "#app/utils/nonce";
import { requireUser } from "#app/web/guards.server";
import { localeOf } from "#app/web/locale.server";
import { redirectWithToast } from "#app/web/toast.server";

// Where a card subscription comes back (spec section 4): it waits for the provider's webhook, then
// lands on the series. Plain HTML (decision record 021): without JavaScript a meta refresh reloads
// it; with JavaScript a few lines of inline script ask for the page in the background and reload
// only once its answer changed, so the screen (and a screen reader's place) stays still meanwhile.
export const handle = { i18n: ["subscriptions", "payments", "sessions"], hydrate: false };

const REFRESH_SECONDS = 3;
/** The script asks every 2 s for two minutes; after that the 'check again' button is the way on. */
const POLL = { intervalMs: 2000, maxTries: 60 };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.heading} · Mesa` : "Mesa" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang, "subscriptions:errors.loginToSubscribe");
  const seriesId = params.id ?? "";
  const url = new URL(request.url);
  const payment = await subscriptionPayment(deps(context), user, seriesId, url.searchParams.get("paymentIntent"));
  const confirmHref = localePath(lang, `/series/${seriesId}/confirm`);
  // A declined card try is no subscription: the confirmation screen says so and offers the ways to pay again.
  if (!payment || payment.state === "declined") throw redirect(confirmHref);
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
  const nonce = useNonce();
  return (
    <section id="processing" data-state={page.state} className="mx-auto max-w-lg space-y-4 rounded-lg border border-stone-200 bg-white p-6">
      <h1 className="text-2xl font-bold">{t("processing.title")}</h1>
      {page.state === "waiting" ? (
        <>
          <noscript>
            <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
          </noscript>
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
      {page.state === "waiting" ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: poll }} /> : null}
    </section>
  );
}

// Asks for this same address without following a redirect. A redirect means the payment is in (the
// loader sends the series with its toast), and a page no longer waiting means it failed; either
// way the page reloads once to show it. A failed request counts as a try.
const poll = `(function(){var tries=0;
function next(){if(++tries<=${POLL.maxTries})setTimeout(check,${POLL.intervalMs})}
function check(){fetch(location.href,{redirect:"manual",cache:"no-store",credentials:"same-origin",headers:{Accept:"text/html"}}).then(function(r){
if(r.type==="opaqueredirect"||r.status===0){location.reload();return}
if(!r.ok){next();return}
return r.text().then(function(html){if(html.indexOf('data-state="waiting"')<0)location.reload();else next()})}).catch(next)}
next()})();`;

export const ErrorBoundary = GeneralErrorBoundary;
