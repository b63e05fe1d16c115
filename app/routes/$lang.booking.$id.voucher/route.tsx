import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { KeptNote } from "#app/components/offline/kept-note";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { deps } from "#app/modules/deps.server";
import { savedAtLabel } from "#app/modules/offline/offline.server";
import { VOUCHER_POLL } from "#app/modules/payments/rules";
import { voucherFor } from "#app/modules/payments/seat-views.server";
import { useNonce } from "#app/utils/nonce";
import { requireUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";
import { redirectWithToast } from "#app/web/toast.server";
import { voucherPageData } from "./voucher-page.server";
import { VoucherBody } from "./voucher-parts";

// Plain HTML (decision record 021) with a few lines of inline script for the copy button and the countdown.
export const handle = { i18n: ["payments", "sessions", "offline"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.metaTitle} · Mesa` : "Mesa" }];

/** The spec's voucher display page; only the booking's holder sees it (anyone else: 404). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const d = deps(context);
  const found = await voucherFor(d, user, params.id ?? "");
  if (!found) notFound();
  // The OXXO dialog arrives with ?created=1: the spec's success toast, then the clean address (so a reload shows it once).
  const url = new URL(request.url);
  if (url.searchParams.has("created")) throw await redirectWithToast(url.pathname, { type: "success", key: "payments:toasts.voucherGenerated" });
  // The open voucher is kept on the player's device for offline use (decision record 094).
  return { ...voucherPageData(d, { lang, user, found }), savedAt: savedAtLabel(d.now, lang, user.timeZone) };
}

export default function VoucherPage() {
  const v = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  const nonce = useNonce();
  return (
    <article className="mx-auto max-w-xl space-y-5">
      <KeptNote savedAt={v.savedAt} payment />
      {/* Without script, only a voucher still being made reloads the page (to show it once it exists). A voucher
          waiting to be paid shows its expiry date instead of reloading every minute for the countdown: a timed
          refresh moves a screen reader back to the top and fails WCAG 2.2.1 (axe meta-refresh). */}
      {v.state === "creating" ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(VOUCHER_POLL.intervalMs / 1000)} />
        </noscript>
      ) : null}
      {/* Paid or lapsed, the page says so first; the reservation's days, the steps and the chat's wait are for a voucher still to pay. */}
      {v.state === "paid" ? (
        <header className="rounded-lg border border-green-300 bg-green-50 p-5 text-center">
          <h1 className="text-2xl font-bold text-green-950">{t("voucher.paidHeading")}</h1>
          <p className="mt-1 text-green-950">{t("voucher.paidBody")}</p>
        </header>
      ) : v.state === "lapsed" ? (
        <header className="rounded-lg border border-amber-300 bg-amber-50 p-5 text-center">
          <h1 className="text-2xl font-bold text-amber-950">{t("voucher.lapsedHeading")}</h1>
          <p className="mt-1 text-amber-950">{t("voucher.lapsed")}</p>
        </header>
      ) : (
        <header className="rounded-lg border border-green-300 bg-green-50 p-5 text-center">
          <h1 className="text-2xl font-bold text-green-950">{t("voucher.heading")}</h1>
          <p className="mt-1 text-green-950">{t("voucher.reserved", { count: v.reservedDays })}</p>
        </header>
      )}
      <VoucherBody v={v} />
      {v.state === "waiting" || v.state === "creating" ? (
        <section className="rounded-lg border border-stone-200 bg-white p-5">
          <h2 className="font-semibold">{t("voucher.stepsTitle")}</h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-stone-800">
            {(["1", "2", "3", "4", "5"] as const).map((n) => (
              <li key={n}>{t(`voucher.steps.${n}`)}</li>
            ))}
          </ol>
        </section>
      ) : null}
      <section className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 className="font-semibold">{t("voucher.sessionTitle")}</h2>
        <p className="mt-2 font-medium">{v.session.title}</p>
        {/* Each term and its value in one group: a <dl> holds only dt/dd groups (axe definition-list). */}
        <dl className="mt-1 text-sm text-stone-700">
          <div>
            <dt className="inline">{t("voucher.when")}: </dt>
            <dd className="inline">{v.session.when}</dd>
          </div>
          <div>
            <dt className="inline">{t("voucher.where")}: </dt>
            <dd className="inline">{v.session.location || t("voucher.online")}</dd>
          </div>
        </dl>
        {v.state === "waiting" || v.state === "creating" ? <p className="mt-3 text-sm text-stone-700">{t("voucher.chatNote")}</p> : null}
        <Link to={v.session.href} className={`${buttonClass("secondary")} mt-3`}>
          {t("voucher.backToSession")}
        </Link>
      </section>
      {/* Copy (2 s confirmation, legacy fallback) and a countdown refreshed every 60 s; without script the field is selectable and the page refreshes itself. */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: enhance }} />
    </article>
  );
}

const enhance = `(function(){var b=document.getElementById("copy-ref"),r=document.getElementById("voucher-ref");
if(b&&r){b.hidden=false;b.addEventListener("click",function(){var done=function(){b.textContent=b.dataset.copied;setTimeout(function(){b.textContent=b.dataset.copy},${VOUCHER_POLL.copiedMs})};
var legacy=function(){r.select();try{document.execCommand("copy")}catch(e){}done()};
if(navigator.clipboard&&navigator.clipboard.writeText){navigator.clipboard.writeText(r.value).then(done,legacy)}else{legacy()}})}
var c=document.getElementById("countdown");if(c&&c.dataset.end){var end=Date.parse(c.dataset.end);setInterval(function(){var ms=end-Date.now();
if(ms<=0){c.textContent=c.dataset.expired;return}var m=Math.floor(ms/60000);c.textContent=c.dataset.format.replace("{d}",Math.floor(m/1440)).replace("{h}",Math.floor(m%1440/60)).replace("{m}",m%60)},${VOUCHER_POLL.countdownMs})}})();`;

export const ErrorBoundary = GeneralErrorBoundary;
