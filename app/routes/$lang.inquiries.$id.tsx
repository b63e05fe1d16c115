import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button, buttonClass } from "#app/components/ui/button";
import { ErrorList, Field, TextareaField } from "#app/components/ui/field";
import { Link } from "#app/components/ui/link";
import { deps } from "#app/modules/deps.server";
import { formatDateTime } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { acceptInquiry, answerInquiry, declineInquiry, inquiryFor } from "#app/modules/inquiries/inquiries.server";
import { acceptDefaults as acceptFormStart, isPending } from "#app/modules/inquiries/rules";
import { acceptSchema, declineSchema } from "#app/modules/inquiries/schema";
import { centsToFormPrice } from "#app/modules/pricing/rules";
import { formatPrice } from "#app/modules/sessions/rules";
import { redirectWithToast } from "#app/modules/toast/toast.server";
import { displayNameOf } from "#app/modules/users/rules";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { refuse, seeOther } from "#app/web/replies.server";

export const handle = { i18n: ["inquiries", "validation"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Mesa` : "Mesa" }];

/** One inquiry, for its DM (with answer, accept and decline) or its player; anyone else gets 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const d = deps(context);
  const found = await inquiryFor(d, user, params.id ?? "");
  if (!found) notFound();
  const { row: r, role } = found;
  const other =
    role === "dm" ? displayNameOf({ displayName: r.player_name, email: r.player_email }) : displayNameOf({ displayName: r.dm_name, email: r.dm_email });
  const t = translator(lang, "inquiries");
  const start = acceptFormStart(d.now, user.timeZone, r);
  return {
    title: t(role === "dm" ? "detail.fromTitle" : "detail.toTitle", { name: other }),
    role,
    inquiry: {
      id: r.id,
      otherId: role === "dm" ? r.player_id : r.dm_id,
      players: r.player_count,
      hours: r.hours,
      sessionType: r.session_type,
      availability: r.availability,
      details: r.details,
      status: r.status,
      pending: isPending(r.status),
      rate: `${formatPrice(r.rate_cents, r.currency, lang)} ${r.currency}`,
      estimate: `${formatPrice(r.estimate_cents, r.currency, lang)} ${r.currency}`,
      sent: formatDateTime(new Date(r.created_at), lang, user.timeZone),
      chatId: r.chat_id,
      sessionId: r.session_id,
      code: r.invite_code,
      declineMessage: r.decline_message,
    },
    acceptDefaults: { date: start.date ?? "", time: start.time, price: centsToFormPrice(start.priceCents) },
    currency: r.currency,
  };
}

/** answer (opens the direct chat), accept (date and time) or decline (optional words): the DM's only. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const d = deps(context);
  const id = params.id ?? "";
  const form = await readForm(request);
  const intent = form.get("intent");
  const here = localePath(lang, `/inquiries/${id}`);
  if (intent === "answer") {
    const answered = await answerInquiry(d, user, id);
    if (!answered.ok) notFound();
    return seeOther(localePath(lang, `/chats/${answered.chatId}`));
  }
  if (intent === "accept") {
    // Only the inquiry's DM hears about their typing mistakes; anyone else is told it does not exist.
    // acceptInquiry reads the inquiry again under its lock, which is what decides.
    if ((await inquiryFor(d, user, id))?.role !== "dm") notFound();
    const submission = parseForm(form, { schema: acceptSchema, echo: ["intent"] });
    if (submission.status !== "success") return refuse("invalid", { intent, result: submission.reply() });
    const accepted = await acceptInquiry(d, user, id, submission.value);
    if (!accepted.ok && accepted.refusal === "notFound") notFound();
    if (!accepted.ok && accepted.refusal === "invalid")
      return refuse("invalid", { intent, result: submission.reply({ fieldErrors: { date: [accepted.error] } }) });
    if (!accepted.ok) return redirectWithToast(here, { type: "error", key: "inquiries:errors.alreadyDecided" });
    return redirectWithToast(here, { type: "success", key: "inquiries:toasts.accepted" });
  }
  if (intent === "decline") {
    if ((await inquiryFor(d, user, id))?.role !== "dm") notFound();
    const submission = parseForm(form, { schema: declineSchema, echo: ["intent"] });
    if (submission.status !== "success") return refuse("invalid", { intent, result: submission.reply() });
    const declined = await declineInquiry(d, user, id, submission.value.message);
    if (!declined.ok && declined.refusal === "notFound") notFound();
    if (!declined.ok) return redirectWithToast(here, { type: "error", key: "inquiries:errors.alreadyDecided" });
    return redirectWithToast(here, { type: "success", key: "inquiries:toasts.declined" });
  }
  notFound();
}

export default function InquiryDetail() {
  const { title, role, inquiry: q, acceptDefaults, currency } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation("inquiries");
  const lang = pageLocale(i18n.language);
  const [acceptForm, acceptFields] = useForm<{ date: string; time: string; price: string }>({
    id: "accept",
    lastResult: answer?.intent === "accept" ? answer.result : null,
    defaultValue: acceptDefaults,
  });
  const [declineForm, declineFields] = useForm<{ message: string }>({ id: "decline", lastResult: answer?.intent === "decline" ? answer.result : null });
  const bookPath = q.sessionId && q.code ? `${localePath(lang, `/session/${q.sessionId}/confirm`)}?invite=${encodeURIComponent(q.code)}` : null;
  return (
    <article className="mx-auto max-w-2xl space-y-5">
      <Link to={localePath(lang, role === "dm" ? "/inquiries" : "/inquiries?view=sent")} className="inline-flex min-h-11 items-center text-brand-700 underline">
        {t("detail.back")}
      </Link>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{title}</h1>
        <span className="rounded-full bg-stone-100 px-3 py-1 text-sm font-semibold text-stone-800">{t(`status.${q.status}`)}</span>
      </header>
      <dl className="grid gap-3 rounded-lg border border-stone-200 bg-white p-5 text-sm sm:grid-cols-2">
        <Fact term={t("detail.players")}>{q.players}</Fact>
        <Fact term={t("detail.hours")}>{q.hours}</Fact>
        <Fact term={t("detail.type")}>{t(`form.${q.sessionType}`)}</Fact>
        <Fact term={t("detail.sent")}>{q.sent}</Fact>
        <Fact term={t("detail.rate")}>{q.rate}</Fact>
        <Fact term={t("detail.estimate")}>
          <span data-testid="inquiry-estimate">{q.estimate}</span>
        </Fact>
        <Fact term={t("detail.availability")} className="sm:col-span-2">
          <span className="whitespace-pre-line break-words">{q.availability}</span>
        </Fact>
        {q.details ? (
          <Fact term={t("detail.details")} className="sm:col-span-2">
            <span className="whitespace-pre-line break-words">{q.details}</span>
          </Fact>
        ) : null}
      </dl>
      {q.status === "accepted" && q.code ? (
        <section className="rounded-lg border border-green-300 bg-green-50 p-5">
          <p>{t("detail.accepted")}</p>
          <p className="mt-1 font-mono text-xl font-bold tracking-wider" data-testid="invite-code">
            {q.code}
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            {role === "player" && bookPath ? (
              <Link to={bookPath} className={buttonClass("primary")}>
                {t("detail.book")}
              </Link>
            ) : null}
            {q.sessionId ? (
              <Link to={localePath(lang, `/session/${q.sessionId}`)} className={buttonClass("secondary")}>
                {t("detail.viewSession")}
              </Link>
            ) : null}
          </div>
        </section>
      ) : null}
      {q.status === "declined" ? (
        <section className="rounded-lg border border-stone-300 bg-stone-50 p-5">
          {q.declineMessage ? (
            <>
              <p>{t("detail.declinedWith")}</p>
              <blockquote className="mt-1 whitespace-pre-line break-words italic">{q.declineMessage}</blockquote>
            </>
          ) : (
            <p>{t("detail.declined")}</p>
          )}
        </section>
      ) : null}
      {role === "dm" ? (
        <Form method="post">
          <input type="hidden" name="intent" value="answer" />
          <Button variant="secondary">{t(q.chatId ? "detail.openChat" : "detail.answer")}</Button>
        </Form>
      ) : q.chatId ? (
        <Form method="post" action={localePath(lang, "/chats/direct")}>
          <input type="hidden" name="userId" value={q.otherId} />
          <Button variant="secondary">{t("detail.openChat")}</Button>
        </Form>
      ) : null}
      {role === "dm" && q.pending ? (
        <div className="grid gap-5 md:grid-cols-2">
          <Form method="post" {...getFormProps(acceptForm)} className="space-y-3 rounded-lg border border-stone-200 bg-white p-5">
            <h2 className="text-lg font-semibold">{t("detail.acceptTitle")}</h2>
            <p className="text-sm text-stone-700">{t("detail.acceptHint", { players: q.players, hours: q.hours })}</p>
            <input type="hidden" name="intent" value="accept" />
            <Field
              label={t("detail.date")}
              errors={acceptFields.date.errors}
              inputProps={{ ...getInputProps(acceptFields.date, { type: "date" }), required: true }}
            />
            <Field
              label={t("detail.time")}
              errors={acceptFields.time.errors}
              inputProps={{ ...getInputProps(acceptFields.time, { type: "time" }), required: true }}
            />
            <Field
              label={t("detail.price", { currency })}
              hint={t("detail.priceHint")}
              errors={acceptFields.price.errors}
              inputProps={{ ...getInputProps(acceptFields.price, { type: "text" }), inputMode: "decimal" }}
            />
            <ErrorList id={acceptForm.errorId} errors={acceptForm.errors} />
            <Button>{t("detail.acceptSubmit")}</Button>
          </Form>
          <Form method="post" {...getFormProps(declineForm)} className="space-y-3 rounded-lg border border-stone-200 bg-white p-5">
            <h2 className="text-lg font-semibold">{t("detail.declineTitle")}</h2>
            <input type="hidden" name="intent" value="decline" />
            <TextareaField
              label={t("detail.declineMessage")}
              errors={declineFields.message.errors}
              textareaProps={{ ...getTextareaProps(declineFields.message), rows: 3, maxLength: 500 }}
            />
            <Button variant="danger">{t("detail.declineSubmit")}</Button>
          </Form>
        </div>
      ) : null}
    </article>
  );
}

function Fact({ term, children, className }: { term: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-stone-600">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
