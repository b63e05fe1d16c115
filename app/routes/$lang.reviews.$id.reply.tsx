import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Stars } from "#app/components/reviews/review-list";
import { Button, buttonClass } from "#app/components/ui/button";
import { ErrorList } from "#app/components/ui/field";
import { FormErrors } from "#app/components/ui/form-errors";
import { Link } from "#app/components/ui/link";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { replyToReview, reviewToAnswer } from "#app/modules/reviews/reviews.server";
import { REVIEW_COMMENT_MAX } from "#app/modules/reviews/rules";
import { replySchema } from "#app/modules/reviews/schema";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";
import { refuse } from "#app/web/replies.server";
import { redirectWithToast } from "#app/web/toast.server";

// The reviewed person's one public answer (decision record 055): a plain form that keeps what was typed.
export const handle = { i18n: ["reviews", "validation"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.heading} · Mesa` : "Mesa" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang, "reviews:errors.loginRequired");
  const review = await reviewToAnswer(deps(context), user, params.id ?? "");
  if (!review) notFound();
  return {
    heading: translator(lang, "reviews")("replyPage.title", { name: review.authorName }),
    review,
    profileHref: `${localePath(lang, `/profile/${user.id}`)}?tab=reviews`,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang, "reviews:errors.loginRequired");
  const submission = parseForm(await readForm(request), { schema: replySchema });
  if (submission.status !== "success") return refuse("invalid", submission.reply());
  const result = await replyToReview(deps(context), user, params.id ?? "", submission.value.reply);
  if (!result.ok)
    return refuse(result.refusal === "notFound" ? "notFound" : "conflict", submission.reply({ formErrors: [`reviews:errors.${result.refusal}`] }));
  return redirectWithToast(`${localePath(lang, `/profile/${user.id}`)}?tab=reviews`, { type: "success", key: "reviews:toasts.replied" });
}

export default function ReplyPage() {
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("reviews");
  const [form, fields] = useForm<{ reply: string }>({ id: "reply", lastResult });
  return (
    <section className="mx-auto max-w-lg space-y-4 rounded-lg border border-stone-200 bg-white p-6">
      <h1 className="text-2xl font-bold">{page.heading}</h1>
      <blockquote className="space-y-1 rounded-md bg-stone-50 p-3 text-sm">
        <Stars rating={page.review.rating} />
        {page.review.comment ? <p className="whitespace-pre-line">{page.review.comment}</p> : null}
      </blockquote>
      {page.review.reply ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">{t("errors.alreadyReplied")}</p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="space-y-3">
          <FormErrors id={form.errorId} errors={form.errors} />
          <label htmlFor={fields.reply.id} className="block text-sm font-medium text-stone-800">
            {t("reply.label")}
          </label>
          <textarea
            {...getTextareaProps(fields.reply)}
            maxLength={REVIEW_COMMENT_MAX}
            rows={4}
            aria-describedby={`${fields.reply.errorId} reply-once`}
            className="block w-full rounded-md border border-stone-400 px-3 py-2 text-base"
          />
          <p id="reply-once" className="text-xs text-stone-600">
            {t("reply.once")} {t("limit")}
          </p>
          <ErrorList id={fields.reply.errorId} errors={fields.reply.errors} />
          <Button className="w-full">{t("reply.submit")}</Button>
        </Form>
      )}
      <Link to={page.profileHref} className={buttonClass("secondary", "w-full")}>
        {t("replyPage.back")}
      </Link>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
