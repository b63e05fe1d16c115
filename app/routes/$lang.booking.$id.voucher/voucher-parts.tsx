import { useTranslation } from "react-i18next";
import { Banner } from "#app/components/sessions/confirm-parts";
import { buttonClass } from "#app/components/ui/button";
import type { voucherPageData } from "./voucher-page.server";

type Voucher = ReturnType<typeof voucherPageData>;

/** A paid voucher's receipt; a voucher to pay: its reference (with the copy button), amount, expiry, countdown, PDF and share link; else that it is being made. */
export function VoucherBody({ v }: { v: Voucher }) {
  const { t } = useTranslation("payments");
  return v.receipt ? (
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
        {v.barcode ? (
          // White behind the bars whatever the page around: the till's scanner reads it off the screen.
          <div
            role="img"
            aria-label={t("offline:voucher.barcode")}
            className="mt-3 rounded-md bg-white p-2 [&>svg]:h-16 [&>svg]:w-full"
            dangerouslySetInnerHTML={{ __html: v.barcode }}
          />
        ) : null}
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
            <dd id="countdown" data-end={v.expiresAtIso ?? ""} data-format={v.countdownTemplate} data-expired={t("voucher.expired")} className="font-semibold">
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
  );
}
