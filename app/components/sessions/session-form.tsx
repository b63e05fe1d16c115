import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CharCounter } from "#app/components/profiles/char-counter";
import { SafetyToolChoices, toolsOf } from "#app/components/safety/safety-fields";
import { type BasicsFieldName, BasicsFields } from "#app/components/sessions/basics-fields";
import { FormSection } from "#app/components/sessions/form-section";
import { ImageField, imageProblemOf } from "#app/components/sessions/image-field";
import { initialText } from "#app/components/sessions/initial-values";
import { NumberField } from "#app/components/sessions/number-field";
import { type ConflictReport, hasConflicts, OverlapWarning, useOverlapCheck } from "#app/components/sessions/overlap-warning";
import { type PricingFieldName, PricingFields } from "#app/components/sessions/pricing-fields";
import { TagChips, type TagFieldName } from "#app/components/sessions/tag-chips";
import { Button } from "#app/components/ui/button";
import { ErrorList, Field, TextareaField } from "#app/components/ui/field";
import { FormErrors } from "#app/components/ui/form-errors";
import { NotSentNotice } from "#app/components/ui/not-sent-notice";
import type { Locale } from "#app/modules/i18n/config";
import { DURATION } from "#app/modules/sessions/rules";
import { DURATION_PRESETS, SESSION_LIMITS, sessionFormSchema } from "#app/modules/sessions/schema";

type FieldName =
  | BasicsFieldName
  | TagFieldName
  | PricingFieldName
  | "sessionInstructions"
  | "date"
  | "time"
  | "duration"
  | "durationCustom"
  | "maxParticipants"
  | "minParticipants"
  | "preSessionCheckHours"
  | "location"
  | "isPrivate"
  | "imageUrl"
  | "safetyTools";
type Shape = { [K in FieldName]: string | string[] };
export type SessionFormValues = Partial<Shape>;

/** Create and edit share one form; every part works as a plain POST without JavaScript. */
export function SessionForm(props: {
  mode: "create" | "edit";
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: SessionFormValues;
  timeZone: string;
  /** The zone's name in the page's language, worded by the loader (the browser may word it differently). */
  zoneName: string;
  lang: Locale;
  /** Today in `timeZone` (YYYY-MM-DD): the earliest date the picker offers. */
  minDate: string;
  /** The server's clock reading (ISO), so the browser checks dates against the same today it rendered with. */
  now: string;
  /** The overlap the server found on the last submit, if it stopped to warn. */
  overlap?: ConflictReport | null;
  /** Editing: this session is left out of the overlap check. */
  sessionId?: string;
  /** The platform's fee in basis points, for "you receive X per seat". */
  feeBps: number;
}) {
  const { t } = useTranslation("sessions");
  const busy = useNavigation().state === "submitting";
  const schema = sessionFormSchema({ now: new Date(props.now), timeZone: props.timeZone });
  const [form, fields] = useForm<Shape, unknown>({
    id: "session",
    lastResult: props.lastResult,
    defaultValue: props.defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const overlap = useOverlapCheck({
    kind: "session",
    fields: ["date", "time", "duration", "durationCustom"],
    excludeId: props.sessionId,
    server: props.overlap ?? null,
  });
  // Initial values are what the host sent on a failed submit (conform's lastResult), else the saved or default ones.
  const [duration, setDuration] = useState(initialText(fields.duration.initialValue) ?? "120");
  const [instructions, setInstructions] = useState((initialText(fields.sessionInstructions.initialValue) ?? "").length);

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} onChange={overlap.onChange} className="mt-6 space-y-6">
      <FormSection legend={t("form.basics")}>
        <BasicsFields fields={fields} />
        <TagChips tags={fields.tags} tagsOther={fields.tagsOther} lang={props.lang} hint={t("form.tagsHint")} />
        <SafetyToolChoices selected={toolsOf(fields.safetyTools.initialValue)} errors={fields.safetyTools.errors} />
        <TextareaField
          label={t("form.instructions")}
          hint={<CharCounter length={instructions} max={SESSION_LIMITS.instructions} />}
          errors={fields.sessionInstructions.errors}
          textareaProps={{ ...getTextareaProps(fields.sessionInstructions), rows: 3, onInput: (e) => setInstructions(e.currentTarget.value.length) }}
        />
        <Field label={t("form.location")} errors={fields.location.errors} inputProps={getInputProps(fields.location, { type: "text" })} />
        <ImageField field={fields.imageUrl} serverProblem={imageProblemOf(props.lastResult)} lang={props.lang} />
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input {...getInputProps(fields.isPrivate, { type: "checkbox" })} className="h-5 w-5" />
          {t("form.private")}
        </label>
      </FormSection>

      <FormSection legend={t("form.scheduling")}>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field label={t("form.date")} errors={fields.date.errors} inputProps={{ ...getInputProps(fields.date, { type: "date" }), min: props.minDate }} />
          <Field
            label={t("form.time")}
            hint={t("form.timeZoneNote", { zone: props.zoneName })}
            errors={fields.time.errors}
            inputProps={getInputProps(fields.time, { type: "time" })}
          />
        </div>
        <OverlapWarning report={overlap.report} />
        <fieldset>
          <legend className="text-sm font-medium text-stone-800">{t("form.duration")}</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {[...DURATION_PRESETS.map(String), "custom"].map((value) => (
              <label
                key={value}
                className="inline-flex min-h-11 items-center gap-2 rounded-md border border-stone-300 px-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="duration"
                  value={value}
                  checked={duration === value || (value === "custom" && !DURATION_PRESETS.map(String).includes(duration))}
                  onChange={() => setDuration(value)}
                />
                {value === "custom" ? t("form.custom") : t("form.hours", { count: Number(value) / 60 })}
              </label>
            ))}
          </div>
          <Field
            label={t("form.customMinutes")}
            inputProps={{
              name: fields.durationCustom.name,
              type: "number",
              min: DURATION.min,
              max: DURATION.max,
              step: DURATION.step,
              defaultValue: initialText(fields.durationCustom.initialValue) ?? "",
            }}
          />
          <ErrorList id={fields.duration.errorId} errors={fields.duration.errors} />
        </fieldset>
        <div className="grid gap-x-4 sm:grid-cols-3">
          <NumberField label={t("form.maxParticipants")} field={fields.maxParticipants} />
          <NumberField label={t("form.minParticipants")} field={fields.minParticipants} />
          <NumberField label={t("form.preSessionCheckHours")} field={fields.preSessionCheckHours} />
        </div>
      </FormSection>

      <PricingFields fields={fields} feeBps={props.feeBps} lang={props.lang} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <NotSentNotice />
      <Button disabled={busy}>
        {hasConflicts(overlap.report)
          ? t("overlap.saveAnyway")
          : props.mode === "create"
            ? busy
              ? t("form.creating")
              : t("form.submitCreate")
            : busy
              ? t("form.updating")
              : t("form.submitUpdate")}
      </Button>
    </Form>
  );
}
