import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { InquiryOfferCard } from "#app/components/inquiries/inquiry-offer-card";
import { Link } from "#app/components/ui/link";
import { deps } from "#app/modules/deps.server";
import { localePath } from "#app/modules/i18n/rules";
import { inquiryOffer, sendInquiry } from "#app/modules/inquiries/inquiries.server";
import { estimateText } from "#app/modules/inquiries/present";
import { inquirySchema } from "#app/modules/inquiries/schema";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { sentAnswer } from "#app/web/not-sent";
import { refuse } from "#app/web/replies.server";
import { formOnce } from "#app/web/request-key.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["inquiries", "validation"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.offer.dmName} · Mesa` : "Mesa" }];

/** The inquiry form on its own (where 'Sign In to Book' returns to); signed-out visitors sign in first. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  await requireUser(request, lang);
  const offer = await inquiryOffer(deps(context), params.id ?? "");
  if (!offer) notFound();
  return { offer };
}

/**
 * Sends the inquiry. Bad input or a refusal (the limit, yourself, a DM who stopped taking
 * inquiries) answers 400 with every value kept, and the estimate for the values sent.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const d = deps(context);
  const offer = await inquiryOffer(d, params.id ?? "");
  const form = await readForm(request);
  const submission = parseForm(form, { schema: inquirySchema });
  const estimate = offer ? estimateText(submission.payload, offer, lang) : null;
  if (submission.status !== "success") return refuse("invalid", { result: submission.reply(), estimate });
  // Sent twice, the same rendered form sends one inquiry (decision record 096).
  return formOnce(lang, form, { deps: d, userId: user.id, intent: `inquiry.send:${params.id ?? ""}` }, async () => {
    const sent = await sendInquiry(d, user, params.id ?? "", submission.value);
    if (!sent.ok && sent.error === "notFound") notFound();
    if (!sent.ok) return refuse("invalid", { result: submission.reply({ formErrors: [`inquiries:errors.${sent.error}`] }), estimate });
    return redirectWithToast(localePath(lang, `/inquiries/${sent.id}`), { type: "success", key: "inquiries:toasts.sent" });
  });
}

/** With scripts, a send the dropped connection swallowed keeps the page and what was typed. */
export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";

export default function InquiryPage() {
  const { offer } = useLoaderData<typeof loader>();
  const answer = sentAnswer(useActionData<typeof action>());
  const { t, i18n } = useTranslation("inquiries");
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <Link to={localePath(pageLocale(i18n.language), `/profile/${offer.dmId}`)} className="inline-flex min-h-11 items-center text-brand-700 underline">
        {offer.dmName}
      </Link>
      <InquiryOfferCard offer={offer} signedIn lastResult={answer?.result} serverEstimate={answer?.estimate} />
      <p className="text-sm">
        <Link to={localePath(pageLocale(i18n.language), "/inquiries?view=sent")} className="text-brand-700 underline">
          {t("inbox.sentTitle")}
        </Link>
      </p>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
