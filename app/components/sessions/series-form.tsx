import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CharCounter } from "#app/components/profiles/char-counter";
import { SafetyToolChoices, toolsOf } from "#app/components/safety/safety-fields";
import { type BasicsFieldName, BasicsFields } from "#app/components/sessions/basics-fields";
import { FormSection } from "#app/components/sessions/form-section";
import { ImageField, imageProblemOf } from "#app/components/sessions/image-field";
import { NumberField } from "#app/components/sessions/number-field";
import { type ConflictReport, hasConflicts, OverlapWarning, useOverlapCheck } from "#app/components/sessions/overlap-warning";
import { type PricingFieldName, PricingFields } from "#app/components/sessions/pricing-fields";
import { TagChips, type TagFieldName } from "#app/components/sessions/tag-chips";
import { Button, buttonClass } from "#app/components/ui/button";
import { Field, SelectField, TextareaField } from "#app/components/ui/field";
import { FormErrors } from "#app/components/ui/form-errors";
import { Link } from "#app/components/ui/link";
import { NotSentNotice } from "#app/components/ui/not-sent-notice";
import { formSeriesFrequencies, seriesFrequencies } from "#app/modules/catalog/options";
import type { Locale } from "#app/modules/i18n/config";
import { seriesFormSchema } from "#app/modules/series/schema";
import { DURATION } from "#app/modules/sessions/rules";

type FieldName =
  | BasicsFieldName
  | TagFieldName
  | PricingFieldName
  | "sessionInstructions"
  | "frequency"
  | "dayOfWeek"
  | "dayOfMonth"
  | "timeOfDay"
  | "startDate"
  | "isOngoing"
  | "endDate"
  | "duration"
  | "maxParticipants"
  | "minParticipants"
  | "autoGenerateAhead"
  | "bookingLockHours"
  | "preSessionCheckHours"
  | "location"
  | "imageUrl"
  | "safetyTools";
type Shape = { [K in FieldName]: string | string[] };
export type SeriesFormValues = Partial<Shape>;

/** The fields that decide when the sessions fall, watched by the live overlap check. */
const scheduleFields = ["frequency", "dayOfWeek", "dayOfMonth", "timeOfDay", "startDate", "isOngoing", "endDate", "duration", "autoGenerateAhead"] as const;

type Props = {
  mode: "create" | "edit";
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: SeriesFormValues;
  timeZone: string;
  /** The zone's name in the page's language, worded by the loader (the browser may word it differently). */
  zoneName: string;
  lang: Locale;
  /** Today in `timeZone` (YYYY-MM-DD): the earliest first date the picker offers (an edit keeps its saved one). */
  minDate: string;
  cancelHref: string;
  /** The server's clock reading (ISO), so the browser checks dates against the same today it rendered with. */
  now: string;
  /** The overlap the server found on the last submit, if it stopped to warn. */
  overlap: ConflictReport | null;
  /** Editing: the saved first date may be in the past and an IRREGULAR series stays so. */
  existing?: { id: string; startDate: string; frequency: string };
  /** The platform's fee in basis points, for "you receive X per seat". */
  feeBps: number;
};

/**
 * Create and edit share this form. Sections: Basic Information, Schedule, Series Management,
 * Pricing, Payment Methods (spec section 2); every part works as a plain POST without JavaScript.
 */
export function SeriesForm(props: Props) {
  const { t } = useTranslation("sessions");
  const busy = useNavigation().state === "submitting";
  const schema = seriesFormSchema({ now: new Date(props.now), timeZone: props.timeZone, existing: props.existing });
  const [form, fields] = useForm<Shape, unknown>({
    id: "series",
    lastResult: props.lastResult,
    defaultValue: props.defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const overlap = useOverlapCheck({ kind: "series", fields: scheduleFields, excludeId: props.existing?.id, server: props.overlap });
  const [instructions, setInstructions] = useState(String(fields.sessionInstructions.initialValue ?? "").length);
  const weekdays = t("weekdays", { returnObjects: true }) as unknown as string[];
  const frequencies = props.existing?.frequency === "IRREGULAR" ? seriesFrequencies : formSeriesFrequencies;
  const submitLabel = hasConflicts(overlap.report)
    ? t("overlap.saveAnyway")
    : props.mode === "create"
      ? busy
        ? t("seriesForm.creating")
        : t("seriesForm.submit")
      : busy
        ? t("seriesForm.updating")
        : t("seriesForm.update");

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} onChange={overlap.onChange} className="mt-6 space-y-6">
      <FormSection legend={t("form.basics")}>
        <BasicsFields fields={fields} />
        <TextareaField
          label={t("form.instructions")}
          hint={
            <>
              {t("seriesForm.instructionsHint")} <CharCounter length={instructions} max={1000} />
            </>
          }
          errors={fields.sessionInstructions.errors}
          textareaProps={{ ...getTextareaProps(fields.sessionInstructions), rows: 3, onInput: (e) => setInstructions(e.currentTarget.value.length) }}
        />
        <TagChips tags={fields.tags} tagsOther={fields.tagsOther} lang={props.lang} hint={t("seriesForm.tagsHint")} hintInLegend />
        <SafetyToolChoices selected={toolsOf(fields.safetyTools.initialValue)} errors={fields.safetyTools.errors} />
        <Field label={t("form.location")} errors={fields.location.errors} inputProps={getInputProps(fields.location, { type: "text" })} />
        <ImageField field={fields.imageUrl} serverProblem={imageProblemOf(props.lastResult)} lang={props.lang} />
      </FormSection>
      <FormSection legend={t("seriesForm.schedule")}>
        <div className="grid gap-x-4 sm:grid-cols-3">
          <SelectField label={t("seriesForm.frequency")} errors={fields.frequency.errors} selectProps={getSelectProps(fields.frequency)}>
            {frequencies.map((f) => (
              <option key={f} value={f}>
                {t(`seriesForm.${f}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("seriesForm.dayOfWeek")} errors={fields.dayOfWeek.errors} selectProps={getSelectProps(fields.dayOfWeek)}>
            {weekdays.map((d, i) => (
              <option key={d} value={i}>
                {d}
              </option>
            ))}
          </SelectField>
          <NumberField label={t("seriesForm.dayOfMonth")} field={fields.dayOfMonth} />
          <Field
            label={t("seriesForm.startDate")}
            errors={fields.startDate.errors}
            inputProps={{
              ...getInputProps(fields.startDate, { type: "date" }),
              min: props.existing && props.existing.startDate < props.minDate ? props.existing.startDate : props.minDate,
            }}
          />
          <Field
            label={t("seriesForm.timeOfDay")}
            hint={t("form.timeZoneNote", { zone: props.zoneName })}
            errors={fields.timeOfDay.errors}
            inputProps={getInputProps(fields.timeOfDay, { type: "time" })}
          />
          <Field
            label={t("form.duration")}
            hint={t("form.customMinutes")}
            errors={fields.duration.errors}
            inputProps={{ ...getInputProps(fields.duration, { type: "number" }), step: DURATION.step }}
          />
        </div>
        <OverlapWarning report={overlap.report} />
        {/* Ongoing hides the end date with CSS alone (so also without JavaScript); JavaScript clears it, and the server ignores it. */}
        <div className="group/ongoing">
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              {...getInputProps(fields.isOngoing, { type: "checkbox" })}
              onChange={(e) => {
                if (e.currentTarget.checked) form.update({ name: fields.endDate.name, value: "" });
              }}
              className="h-5 w-5"
            />
            {t("seriesForm.ongoing")}
          </label>
          <div className="group-has-[:checked]/ongoing:hidden">
            <Field
              label={t("seriesForm.endDate")}
              errors={fields.endDate.errors}
              inputProps={{ ...getInputProps(fields.endDate, { type: "date" }), min: props.minDate }}
            />
          </div>
        </div>
      </FormSection>
      <FormSection legend={t("seriesForm.management")}>
        <div className="grid gap-x-4 sm:grid-cols-3">
          <NumberField label={t("form.maxParticipants")} field={fields.maxParticipants} />
          <NumberField label={t("form.minParticipants")} field={fields.minParticipants} />
          <NumberField label={t("seriesForm.autoGenerateAhead")} field={fields.autoGenerateAhead} />
          <NumberField label={t("seriesForm.bookingLockHours")} field={fields.bookingLockHours} />
          <NumberField label={t("form.preSessionCheckHours")} field={fields.preSessionCheckHours} />
        </div>
      </FormSection>
      <PricingFields fields={fields} feeBps={props.feeBps} lang={props.lang} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <NotSentNotice />
      <div className="flex gap-2">
        <Button disabled={busy}>{submitLabel}</Button>
        <Link to={props.cancelHref} className={buttonClass("secondary")}>
          {t("seriesForm.cancel")}
        </Link>
      </div>
    </Form>
  );
}
