import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button, buttonClass } from "#app/components/ui/button";
import { ErrorList } from "#app/components/ui/field";
import { FormErrors } from "#app/components/ui/form-errors";
import { Link } from "#app/components/ui/link";
import { requireUser } from "#app/modules/auth/guards.server";
import { deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { editReview, reviewForm, submitReview } from "#app/modules/reviews/reviews.server";
import { DEFAULT_RATING, RATING_MAX, REVIEW_COMMENT_MAX } from "#app/modules/reviews/rules";
import { reviewSchema } from "#app/modules/reviews/schema";
import { redirectWithToast } from "#app/modules/toast/toast.server";
import { parseForm, readForm } from "#app/utils/form.server";
import { useNonce } from "#app/utils/nonce";

// The review page (spec section 2, "Review dialog"): stars 1 to 5 (5 unless changed) and a comment
// of at most 1000 characters. Plain HTML (decision record 021); a few lines of inline script count
// the characters. `?target=` names whom: the host for a player, a player for the host.
export const handle = { i18n: ["reviews", "validation", "sessions"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.heading} · Mesa` : "Mesa" }];

async function load(request: Request, params: LoaderFunctionArgs["params"], context: LoaderFunctionArgs["context"]) {
  const lang = params.lang as Locale;
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
  if (!form.ok && form.refusal === "notFound") throw data(null, { status: 404 });
  // Not (or no longer, or not yet) reviewable: the page says why, with the way back.
  if (!form.ok) return data({ refused: t(`errors.${form.refusal}`), heading: t("titleClosed"), name: "", review: null, sessionHref }, { status: 403 });
  return {
    refused: null,
    heading: t(form.targetRole === "DM" ? "titleForDm" : "titleForPlayer", { name: form.target.name }),
    name: form.target.name,
    review: form.review,
    sessionHref,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { lang, user, sessionId, form } = await load(request, params, context);
  const submission = parseForm(await readForm(request), { schema: reviewSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const sessionHref = localePath(lang, `/session/${sessionId}`);
  if (!form.ok) return data(submission.reply({ formErrors: [`reviews:errors.${form.refusal}`] }), { status: 403 });
  const d = deps(context);
  const result = form.review
    ? await editReview(d, user, form.review.id, submission.value)
    : await submitReview(d, user, { ...submission.value, sessionId, targetId: form.target.id });
  if (!result.ok) return data(submission.reply({ formErrors: [`reviews:errors.${result.refusal}`] }), { status: 409 });
  return redirectWithToast(sessionHref, { type: "success", key: form.review ? "reviews:toasts.updated" : "reviews:toasts.submitted" });
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
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset aria-describedby={fields.rating.errorId} disabled={closed}>
          <legend className="text-sm font-medium text-stone-800">{t("rating")}</legend>
          {/* Five radios, the stars drawn by their labels: the highest first reads naturally aloud and still lines up left to right at 360 px. */}
          <div className="mt-2 flex flex-wrap gap-2">
            {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((stars) => (
              <label
                key={stars}
                className="flex min-h-11 cursor-pointer items-center gap-1 rounded-md border border-stone-300 px-3 has-[:checked]:border-amber-600 has-[:checked]:bg-amber-50"
              >
                <input type="radio" name={fields.rating.name} value={stars} defaultChecked={chosen === String(stars)} className="accent-amber-600" />
                <span aria-hidden="true" className="text-amber-600">
                  {"★".repeat(stars)}
                </span>
                <span className="sr-only">{t("stars", { count: stars })}</span>
              </label>
            ))}
          </div>
          <ErrorList id={fields.rating.errorId} errors={fields.rating.errors} />
        </fieldset>
        <div className="space-y-1">
          <label htmlFor={fields.comment.id} className="block text-sm font-medium text-stone-800">
            {t("comment")}
          </label>
          <textarea
            {...getTextareaProps(fields.comment)}
            maxLength={REVIEW_COMMENT_MAX}
            rows={5}
            disabled={closed}
            aria-describedby={`${fields.comment.errorId} review-counter`}
            className="block w-full rounded-md border border-stone-400 px-3 py-2 text-base"
          />
          <p id="review-counter" className="text-xs text-stone-600" data-limit={t("limit")} data-counter={t("counter", { count: 0 })}>
            {t("limit")}
          </p>
          <ErrorList id={fields.comment.errorId} errors={fields.comment.errors} />
        </div>
        {closed ? null : <Button className="w-full">{page.review ? t("update") : t("submit")}</Button>}
      </Form>
      <Link to={page.sessionHref} className={buttonClass("secondary", "w-full")}>
        {t("back")}
      </Link>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: counter(fields.comment.id) }} />
    </section>
  );
}

// "N of 1000 characters" as the player types; without script the limit is stated and enforced by maxlength and the server.
const counter = (id: string) => `(function(){var a=document.getElementById(${JSON.stringify(id)}),c=document.getElementById("review-counter");
if(!a||!c)return;var tpl=c.dataset.counter||"";function show(){c.textContent=tpl.replace(/\\d+/,String(a.value.length))}
a.addEventListener("input",show);show()})();`;

export const ErrorBoundary = GeneralErrorBoundary;
