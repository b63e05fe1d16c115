import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { commentCounterScript, CommentField, StarsField } from "#app/components/reviews/review-fields";
import { Button, buttonClass } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/form-errors";
import { Link } from "#app/components/ui/link";
import { RequestKeyField } from "#app/components/ui/request-key-field";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { editReview, reviewForm, submitReview } from "#app/modules/reviews/reviews.server";
import { DEFAULT_RATING } from "#app/modules/reviews/rules";
import { reviewSchema } from "#app/modules/reviews/schema";
import { useNonce } from "#app/utils/nonce";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { localeOf } from "#app/web/locale.server";
import { refuse } from "#app/web/replies.server";
import { formOnce } from "#app/web/request-key.server";
import { redirectWithToast } from "#app/web/toast.server";

// The review page (spec section 2, "Review dialog"): stars 1 to 5 (5 unless changed) and a comment
// of at most 1000 characters. Plain HTML (decision record 021); a few lines of inline script count
// the characters. `?target=` names whom: the host for a player, a player for the host.
export const handle = { i18n: ["reviews", "validation", "sessions"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.heading} · Mesa` : "Mesa" }];

async function load(request: Request, params: LoaderFunctionArgs["params"], context: LoaderFunctionArgs["context"]) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang, "reviews:errors.loginRequired");
  const sessionId = params.id ?? "";
  const targetId = new URL(request.url).searchParams.get("target") ?? "";
  const form = await reviewForm(deps(context), user, sessionId, targetId);
  return { lang, user, sessionId, form };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { lang, sessionId, form } = await load(request, params, context);
  const t = translator(lang, "reviews");
  const sessionHref = localePath(lang, `/session/${sessionId}`);
  if (!form.ok && form.refusal === "notFound") throw refuse("notFound", null);
  // Not (or no longer, or not yet) reviewable: the page says why, with the way back.
  // An author whose email is not verified is shown the way to verify it (decision record 069).
  const verifyHref = !form.ok && form.refusal === "emailNotVerified" ? localePath(lang, "/auth/verify-email") : null;
  if (!form.ok)
    return refuse("forbidden", { refused: t(`errors.${form.refusal}`), verifyHref, heading: t("titleClosed"), name: "", review: null, sessionHref });
  return {
    refused: null,
    verifyHref: null,
    heading: t(form.targetRole === "DM" ? "titleForDm" : "titleForPlayer", { name: form.target.name }),
    name: form.target.name,
    review: form.review,
    sessionHref,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { lang, user, sessionId, form } = await load(request, params, context);
  const posted = await readForm(request);
  const submission = parseForm(posted, { schema: reviewSchema });
  if (submission.status !== "success") return refuse("invalid", submission.reply());
  const sessionHref = localePath(lang, `/session/${sessionId}`);
  if (!form.ok) return refuse("forbidden", submission.reply({ formErrors: [`reviews:errors.${form.refusal}`] }));
  // Sent twice, the same rendered form acts once (decision record 096).
  return formOnce(lang, posted, { deps: deps(context), userId: user.id, intent: `review:${sessionId}:${form.ok ? form.target.id : ""}` }, async () => {
    const d = deps(context);
    const result = form.review
      ? await editReview(d, user, form.review.id, submission.value)
      : await submitReview(d, user, { ...submission.value, sessionId, targetId: form.target.id });
    if (!result.ok) return refuse("conflict", submission.reply({ formErrors: [`reviews:errors.${result.refusal}`] }));
    return redirectWithToast(sessionHref, { type: "success", key: form.review ? "reviews:toasts.updated" : "reviews:toasts.submitted" });
  });
}

export default function ReviewPage() {
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("reviews");
  const nonce = useNonce();
  const [form, fields] = useForm({
    id: "review",
    lastResult,
    defaultValue: { rating: String(page.review?.rating ?? DEFAULT_RATING), comment: page.review?.comment ?? "" },
  });
  const closed = page.review !== null && !page.review.editable;
  if (page.refused)
    return (
      <section className="mx-auto max-w-lg space-y-4 rounded-lg border border-stone-200 bg-white p-6">
        <h1 className="text-2xl font-bold">{page.heading}</h1>
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-amber-950">
          {page.refused}
        </p>
        {page.verifyHref ? (
          <Link to={page.verifyHref} className={buttonClass("primary", "w-full")}>
            {t("verifyEmail")}
          </Link>
        ) : null}
        <Link to={page.sessionHref} className={buttonClass("secondary", "w-full")}>
          {t("back")}
        </Link>
      </section>
    );
  const chosen = String(fields.rating.value ?? fields.rating.initialValue ?? DEFAULT_RATING);
  return (
    <section className="mx-auto max-w-lg space-y-4 rounded-lg border border-stone-200 bg-white p-6">
      <h1 className="text-2xl font-bold">{page.heading}</h1>
      <p className="text-stone-700">{t("intro", { name: page.name })}</p>
      {closed ? <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">{t("errors.editClosed")}</p> : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <RequestKeyField />
        <FormErrors id={form.errorId} errors={form.errors} />
        <StarsField name={fields.rating.name} checked={chosen} disabled={closed} errorId={fields.rating.errorId} errors={fields.rating.errors} />
        <CommentField
          textarea={{ ...getTextareaProps(fields.comment), disabled: closed }}
          counterId={COUNTER_ID}
          rows={5}
          errorId={fields.comment.errorId}
          errors={fields.comment.errors}
        />
        {closed ? null : <Button className="w-full">{page.review ? t("update") : t("submit")}</Button>}
      </Form>
      <Link to={page.sessionHref} className={buttonClass("secondary", "w-full")}>
        {t("back")}
      </Link>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: commentCounterScript(fields.comment.id, COUNTER_ID) }} />
    </section>
  );
}

const COUNTER_ID = "review-counter";

export const ErrorBoundary = GeneralErrorBoundary;
