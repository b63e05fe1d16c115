import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "#app/components/ui/button";
import { ErrorList, Field, TextareaField } from "#app/components/ui/field";
import { Link } from "#app/components/ui/link";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import type { InquiryPage } from "./inquiry.server";

type Shown = InquiryPage["inquiry"];

function Fact({ term, children, className }: { term: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-stone-600">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** What was asked: players, hours, type, when it was sent, the rate and estimate, availability and details. */
export function InquiryFacts({ q }: { q: Shown }) {
  const { t } = useTranslation("inquiries");
  return (
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
  );
}

/** The DM's decision once made: the invite code (and for the player, the way to book), or the declining words. */
export function DecisionMade({ q, role, lang }: { q: Shown; role: InquiryPage["role"]; lang: Locale }) {
  const { t } = useTranslation("inquiries");
  const bookPath = q.sessionId && q.code ? `${localePath(lang, `/session/${q.sessionId}/confirm`)}?invite=${encodeURIComponent(q.code)}` : null;
  return (
    <>
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
    </>
  );
}

type Result = SubmissionResult<string[]> | null;

/** The DM's accept form (day, time, price) and decline form (optional words), while the inquiry is pending. */
export function DecisionForms({
  q,
  acceptDefaults,
  currency,
  acceptResult,
  declineResult,
}: {
  q: Shown;
  acceptDefaults: InquiryPage["acceptDefaults"];
  currency: string;
  acceptResult: Result;
  declineResult: Result;
}) {
  const { t } = useTranslation("inquiries");
  const [acceptForm, acceptFields] = useForm<{ date: string; time: string; price: string }>({
    id: "accept",
    lastResult: acceptResult,
    defaultValue: acceptDefaults,
  });
  const [declineForm, declineFields] = useForm<{ message: string }>({ id: "decline", lastResult: declineResult });
  return (
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
  );
}
