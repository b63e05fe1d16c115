import { useTranslation } from "react-i18next";
import { Link } from "#app/components/ui/link";

export type ProfileSubscription = { title: string; seriesHref: string; next: string | null; due: { by: string; payHref: string } | null };

/** The player's own subscriptions on their profile, each with its next session and a payment due (decision record 051). */
export function SubscriptionList({ subscriptions }: { subscriptions: ProfileSubscription[] }) {
  const { t } = useTranslation("profile");
  return (
    <section aria-labelledby="subscriptions-heading" className="space-y-3 rounded-lg border border-stone-200 bg-white p-5">
      <h2 id="subscriptions-heading" className="text-xl font-semibold">
        {t("own.subscriptionsHeading")}
      </h2>
      <ul className="divide-y divide-stone-100">
        {subscriptions.map((sub) => (
          <li key={sub.seriesHref} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <div className="min-w-0">
              <Link to={sub.seriesHref} className="font-semibold text-brand-700 underline">
                {sub.title}
              </Link>
              <p className="text-stone-700">{sub.next ? t("own.subscriptionNext", { when: sub.next }) : t("own.subscriptionNoNext")}</p>
              {sub.due ? <p className="text-amber-900">{t("own.subscriptionDue", { by: sub.due.by })}</p> : null}
            </div>
            {sub.due ? (
              <Link to={sub.due.payHref} className="inline-flex min-h-11 items-center rounded-md bg-brand-600 px-3 font-semibold text-white">
                {t("own.subscriptionPay")}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
