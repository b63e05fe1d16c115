import { useTranslation } from "react-i18next";
import { Link } from "#app/components/ui/link";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";

export type PaidGroupView = {
  price: string;
  totals: { guests: number; seats: number; amount: string }[];
  oxxo: boolean;
  paying: { bookingId: string; status: string; amount: string; holdUntil: string | null; checkoutUrl: string | null; voucher: boolean } | null;
};

/** A paid session's terms on the group page: one payment for the booker's seat and each guest's, every total written out (no JavaScript needed). */
export function PaidGroupTerms({ paid }: { paid: PaidGroupView }) {
  const { t } = useTranslation("groups");
  return (
    <section className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="paid-group-terms">
      <p>{t("paid.intro")}</p>
      <p className="font-medium">{t("paid.price", { price: paid.price })}</p>
      <ul className="list-inside list-disc">
        {paid.totals.map((row) => (
          <li key={row.guests}>{t("paid.totalRow", { count: row.guests, seats: row.seats, amount: row.amount })}</li>
        ))}
      </ul>
    </section>
  );
}

/** The payment method radios inside the group form: card always, OXXO when the session offers it now. */
export function PaidGroupMethods({ oxxo }: { oxxo: boolean }) {
  const { t } = useTranslation("groups");
  return (
    <fieldset className="space-y-2 rounded-md border border-stone-300 p-3">
      <legend className="px-1 text-sm font-medium">{t("paid.method")}</legend>
      <label className="flex min-h-11 items-center gap-2">
        <input type="radio" name="method" value="CARD" defaultChecked />
        {t("paid.card")}
      </label>
      {oxxo ? (
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name="method" value="OXXO" />
          {t("paid.oxxo")}
        </label>
      ) : null}
    </fieldset>
  );
}

/** The booker's group payment: waiting (with the way back to the card page or the voucher), or paid. */
export function PaidGroupStatus({ paying, lang, returned }: { paying: NonNullable<PaidGroupView["paying"]>; lang: Locale; returned: boolean }) {
  const { t } = useTranslation("groups");
  const until = paying.holdUntil ?? "";
  if (paying.status === "CONFIRMED")
    return (
      <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900" data-testid="group-payment">
        {t("paid.confirmed", { amount: paying.amount })}
      </p>
    );
  return (
    <div role="status" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="group-payment">
      {returned ? <p>{t("paid.returned")}</p> : null}
      <p>{t("paid.pending", { amount: paying.amount, until })}</p>
      {paying.checkoutUrl ? (
        <a href={paying.checkoutUrl} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
          {t("paid.continueCard")}
        </a>
      ) : null}
      {paying.voucher ? (
        <Link to={localePath(lang, `/booking/${paying.bookingId}/voucher`)} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
          {t("paid.voucher")}
        </Link>
      ) : null}
    </div>
  );
}
