import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import { formatPrice } from "#app/modules/sessions/rules";
import { InquiryForm, type InquiryOffer } from "./inquiry-form";

/**
 * A DM's direct booking offer on their profile: the rate, how they work and the inquiry form; a
 * signed-out visitor gets 'Sign In to Book', which brings them back to the form after signing in.
 */
export function InquiryOfferCard({
  offer,
  signedIn,
  lastResult,
  serverEstimate,
  formHere = true,
}: {
  offer: InquiryOffer;
  signedIn: boolean;
  /** False on the profile: the form (whose counter and estimate need React's scripts) waits on its own page, so the profile stays plain HTML. */
  formHere?: boolean;
  lastResult?: SubmissionResult | null;
  serverEstimate?: string | null;
}) {
  const { t, i18n } = useTranslation("inquiries");
  const lang = i18n.language as Locale;
  const formPath = localePath(lang, `/profile/${offer.dmId}/inquiry`);
  return (
    <section aria-labelledby="inquiry-heading" className="space-y-3">
      <h2 id="inquiry-heading" className="text-xl font-semibold">
        {t("form.title")}
      </h2>
      <p className="text-stone-700">
        {offer.rateCents > 0
          ? t("form.intro", { name: offer.dmName, rate: `${formatPrice(offer.rateCents, offer.currency, lang)} ${offer.currency}` })
          : t("form.introFree", { name: offer.dmName })}
      </p>
      {offer.instructions ? (
        <details className="rounded-md border border-stone-200 bg-white p-3 text-sm">
          <summary className="cursor-pointer font-medium">{t("form.instructions", { name: offer.dmName })}</summary>
          <p className="mt-2 whitespace-pre-line text-stone-700">{offer.instructions}</p>
        </details>
      ) : null}
      {signedIn && formHere ? (
        <InquiryForm offer={offer} lastResult={lastResult} serverEstimate={serverEstimate} />
      ) : signedIn ? (
        <div className="rounded-lg border border-stone-200 bg-white p-5">
          <p className="text-stone-700">{t("form.writeHint", { name: offer.dmName })}</p>
          <Link to={formPath} className={buttonClass("primary", "mt-3")}>
            {t("form.write")}
          </Link>
        </div>
      ) : (
        <div className="rounded-lg border border-stone-200 bg-white p-5">
          <p className="text-stone-700">{t("form.signInHint", { name: offer.dmName })}</p>
          <Link to={`${localePath(lang, "/login")}?${new URLSearchParams({ redirect: formPath })}`} className={buttonClass("primary", "mt-3")}>
            {t("form.signIn")}
          </Link>
        </div>
      )}
    </section>
  );
}
