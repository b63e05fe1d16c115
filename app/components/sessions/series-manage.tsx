import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button";
import { Field } from "#app/components/ui/field";
import { FormErrors } from "#app/components/ui/form-errors";
import { addSessionSchema, generateSessionsSchema } from "#app/modules/series/schema";

type Reply = SubmissionResult<string[]> | undefined;
const box = "space-y-2 rounded-lg border border-stone-200 bg-white p-5";

/** 'Add a session' by hand to an IRREGULAR series: a date and a time in the series' zone. */
/** `now`: the server's clock reading (ISO), so the browser checks the date against the same today. */
export function AddSessionForm(props: { lastResult: Reply; timeZone: string; zoneName: string; now: string; defaultValue: { date: string; time: string } }) {
  const { t } = useTranslation("sessions");
  const busy = useNavigation().formData?.get("intent") === "addSession";
  const schema = addSessionSchema({ now: new Date(props.now), timeZone: props.timeZone });
  const [form, fields] = useForm({
    id: "add-session",
    lastResult: props.lastResult,
    defaultValue: props.defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className={box}>
      <h3 className="font-semibold">{t("seriesDetail.addSession")}</h3>
      <input type="hidden" name="intent" value="addSession" />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field label={t("form.date")} errors={fields.date.errors} inputProps={getInputProps(fields.date, { type: "date" })} />
        <Field
          label={t("form.time")}
          hint={t("form.timeZoneNote", { zone: props.zoneName })}
          errors={fields.time.errors}
          inputProps={getInputProps(fields.time, { type: "time" })}
        />
      </div>
      <FormErrors errors={form.errors} id={form.errorId} />
      <Button disabled={busy}>{t("seriesDetail.addSessionSubmit")}</Button>
    </Form>
  );
}

/** 'Generate next sessions': 1–10 more, 1–30 days apart, after the last one, at its local time. */
export function GenerateSessionsForm(props: { lastResult: Reply }) {
  const { t } = useTranslation("sessions");
  const busy = useNavigation().formData?.get("intent") === "generate";
  const [form, fields] = useForm({
    id: "generate-sessions",
    lastResult: props.lastResult,
    defaultValue: { count: "4", daysBetween: "7" },
    constraint: getZodConstraint(generateSessionsSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: generateSessionsSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className={box}>
      <h3 className="font-semibold">{t("seriesDetail.generate")}</h3>
      <p className="text-sm text-stone-600">{t("seriesDetail.generateHint")}</p>
      <input type="hidden" name="intent" value="generate" />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field label={t("seriesDetail.count")} errors={fields.count.errors} inputProps={getInputProps(fields.count, { type: "number" })} />
        <Field label={t("seriesDetail.daysBetween")} errors={fields.daysBetween.errors} inputProps={getInputProps(fields.daysBetween, { type: "number" })} />
      </div>
      <FormErrors errors={form.errors} id={form.errorId} />
      <Button disabled={busy}>{t("seriesDetail.generateSubmit")}</Button>
    </Form>
  );
}
