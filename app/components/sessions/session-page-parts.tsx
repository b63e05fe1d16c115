import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Banner } from "#app/components/sessions/confirm-parts";
import { Button, buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { RequestKeyField } from "#app/components/ui/request-key-field";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";

/** The viewer's seat is held while they pay: what stands, and the way on (the voucher, or the confirmation page to pay again). */
export function HeldSeatPanel({ held, sessionId }: { held: { state: string; until: string | null; voucherHref: string | null }; sessionId: string }) {
  const { t, i18n } = useTranslation("sessions");
  const lang = i18n.language as Locale;
  if (held.state === "voucherPending")
    return (
      <>
        <Banner tone="info">{t("booking.paymentPendingOxxo")}</Banner>
        {held.voucherHref ? (
          <Link to={held.voucherHref} className={buttonClass("primary", "w-full")}>
            {t("voucher.viewVoucher", { ns: "payments" })}
          </Link>
        ) : null}
      </>
    );
  const failed = held.state === "paymentFailed";
  const due = held.state === "paymentDue";
  return (
    <>
      <Banner tone={failed ? "warn" : "info"}>
        {t(failed ? "booking.paymentFailedBody" : due ? "booking.paymentDueBody" : "booking.paymentPendingCard", { until: held.until ?? "" })}
      </Banner>
      <Link to={localePath(lang, `/session/${sessionId}/confirm`)} className={buttonClass("primary", "w-full")}>
        {t(failed ? "booking.payAgain" : due ? "booking.payNow" : "booking.continuePayment")}
      </Link>
    </>
  );
}

export function PeopleList({ title, empty, people }: { title: string; empty: string; people: { id: string; name: string; removeHref: string | null }[] }) {
  const { t } = useTranslation("sessions");
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-5">
      <h2 className="font-semibold">{title}</h2>
      {people.length ? (
        <ul className="mt-2 space-y-1 text-sm">
          {people.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-2">
              {p.name}
              {p.removeHref ? (
                <Link
                  to={p.removeHref}
                  aria-label={t("detail.removeName", { name: p.name })}
                  className="inline-flex min-h-9 items-center text-red-700 underline"
                >
                  {t("detail.remove")}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-stone-600">{empty}</p>
      )}
    </div>
  );
}

/** The viewer's place in line: an offered seat to take (on the confirmation page) or their position, and the way out of the line. */
export function WaitlistPanel({ waiting, sessionId }: { waiting: { offerUntil: string | null; position: number }; sessionId: string }) {
  const { t, i18n } = useTranslation("sessions");
  const confirm = localePath(i18n.language as Locale, `/session/${sessionId}/confirm`);
  return (
    <>
      {waiting.offerUntil ? (
        <>
          <Banner tone="ok">{t("booking.offer", { until: waiting.offerUntil })}</Banner>
          {/* The seat is taken on the confirmation page, where the price and the ways to pay are. */}
          <Link to={confirm} className={buttonClass("primary", "w-full")}>
            {t("booking.takeSeat")}
          </Link>
        </>
      ) : (
        <Banner tone="info">{t("booking.onWaitlist", { position: waiting.position })}</Banner>
      )}
      <Form method="post" action={confirm}>
        <RequestKeyField />
        <input type="hidden" name="intent" value="leaveWaitlist" />
        <Button variant="secondary" className="w-full">
          {t("booking.leaveWaitlist")}
        </Button>
      </Form>
    </>
  );
}
