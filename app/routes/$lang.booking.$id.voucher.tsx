import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Banner } from "#app/components/sessions/confirm-parts";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { deps } from "#app/modules/deps.server";
import { formatDateTime, zoneName } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { countdown, VOUCHER_POLL } from "#app/modules/payments/rules";
import { voucherFor } from "#app/modules/payments/seat-views.server";
import { formatPrice } from "#app/modules/sessions/rules";
import { redirectWithToast } from "#app/modules/toast/toast.server";
import { useNonce } from "#app/utils/nonce";
import { requireUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";

// Plain HTML (decision record 021) with a few lines of inline script for the copy button and the countdown.
export const handle = { i18n: ["payments", "sessions"], hydrate: false };

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
  const { booking, payment } = found;
  const t = translator(lang, "payments");
  const zone = user.timeZone;
  const expiresAt = payment.voucher_expires_at ? new Date(payment.voucher_expires_at) : null;
  const amount = `${formatPrice(payment.amount_cents, payment.currency, lang)} ${payment.currency}`;
  const until = expiresAt ? formatDateTime(expiresAt, lang, zone) : "";
  const left = expiresAt ? countdown(expiresAt, d.now) : null;
  const state =
    booking.status === "CONFIRMED" ? "paid" : booking.status === "PENDING_PAYMENT" ? (payment.voucher_reference ? "waiting" : "creating") : "lapsed";
  // Paid, the page is a receipt: when (in the viewer's zone, named), how much and the reference; nothing left to pay.
  const paidAt = state === "paid" ? new Date(payment.updated_at) : null;
  // What only a voucher still to pay shows: its expiry, the countdown, the PDF and the share link.
  const toPay = state !== "paid";
  return {
    metaTitle: t("voucher.metaTitle"),
    state,
    reference: payment.voucher_reference,
    receipt: paidAt && { paidAt: `${formatDateTime(paidAt, lang, zone)} (${zoneName(zone, lang, paidAt)})`, amount, reference: payment.voucher_reference },
    voucherUrl: toPay ? payment.voucher_url : null,
    amount,
    until: toPay ? until : null,
    expiresAtIso: toPay ? (expiresAt?.toISOString() ?? null) : null,
    countdown: left ? t("voucher.countdown", left) : t("voucher.expired"),
    countdownTemplate: t("voucher.countdown", { days: "{d}", hours: "{h}", minutes: "{m}" }),
    // The session's voucher window, the same number the name form and the dialog state (one source).
    reservedDays: booking.voucher_payment_days,
    share:
      toPay && payment.voucher_reference
        ? `https://wa.me/?text=${encodeURIComponent(t("voucher.shareText", { title: booking.title, reference: payment.voucher_reference, amount, until }))}`
        : null,
    session: {
      href: localePath(lang, `/session/${booking.session_id}`),
      title: booking.title,
      when: formatDateTime(new Date(booking.starts_at), lang, zone),
      location: booking.location,
    },
  };
}

export default function VoucherPage() {
  const v = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  const nonce = useNonce();
  return (
    <article className="mx-auto max-w-xl space-y-5">
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
      {v.receipt ? (
        <section className="rounded-lg border border-stone-200 bg-white p-5" data-testid="voucher-receipt">
          <h2 className="font-semibold">{t("voucher.receiptTitle")}</h2>
          <dl className="mt-3 grid gap-3 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-stone-600">{t("voucher.paidAt")}</dt>
              <dd className="font-semibold">{v.receipt.paidAt}</dd>
            </div>
            <div>
              <dt className="text-sm text-stone-600">{t("voucher.amountPaid")}</dt>
              <dd className="text-xl font-bold">{v.receipt.amount}</dd>
            </div>
            {v.receipt.reference ? (
              <div className="sm:col-span-2">
                <dt className="text-sm text-stone-600">{t("voucher.reference")}</dt>
                <dd className="break-all font-mono">{v.receipt.reference}</dd>
              </div>
            ) : null}
          </dl>
        </section>
      ) : v.reference ? (
        <section className="space-y-4 rounded-lg border border-stone-200 bg-white p-5">
          <div>
            <label htmlFor="voucher-ref" className="block text-sm text-stone-600">
              {t("voucher.reference")}
            </label>
            {/* At 360 px the 18 digits need the whole width: the copy button goes below the field until there is room beside it. */}
            <div className="mt-1 flex flex-col gap-2 sm:flex-row">
              <input
                id="voucher-ref"
                readOnly
                value={v.reference}
                size={v.reference.length}
                className="w-full min-w-0 rounded-md border border-stone-300 bg-stone-50 px-2 py-2 font-mono text-lg sm:px-3 sm:tracking-wider"
              />
              <button
                id="copy-ref"
                type="button"
                hidden
                data-copy={t("voucher.copy")}
                data-copied={t("voucher.copied")}
                className={buttonClass("secondary")}
                aria-live="polite"
              >
                {t("voucher.copy")}
              </button>
            </div>
          </div>
          <dl className="grid gap-3 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-stone-600">{t("voucher.amount")}</dt>
              <dd className="text-xl font-bold">{v.amount}</dd>
            </div>
            <div>
              <dt className="text-sm text-stone-600">{t("voucher.expiresAt")}</dt>
              <dd className="font-semibold">{v.until}</dd>
            </div>
            {v.state === "waiting" ? (
              <div>
                <dt className="text-sm text-stone-600">{t("voucher.timeLeft")}</dt>
                <dd
                  id="countdown"
                  data-end={v.expiresAtIso ?? ""}
                  data-format={v.countdownTemplate}
                  data-expired={t("voucher.expired")}
                  className="font-semibold"
                >
                  {v.countdown}
                </dd>
              </div>
            ) : null}
          </dl>
          <div className="flex flex-wrap gap-2">
            {v.voucherUrl ? (
              <a href={v.voucherUrl} className={buttonClass("primary")} download={v.voucherUrl.startsWith("/") ? "ficha-oxxo.pdf" : undefined}>
                {t("voucher.download")}
              </a>
            ) : null}
            {v.share ? (
              <a href={v.share} className={buttonClass("secondary")} target="_blank" rel="noopener noreferrer">
                {t("voucher.share")}
              </a>
            ) : null}
          </div>
        </section>
      ) : (
        <Banner tone="info">{t("voucher.pending")}</Banner>
      )}
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
