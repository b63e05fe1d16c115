import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CharCounter } from "#app/components/profiles/char-counter";
import { ImageField, imageProblemOf } from "#app/components/sessions/image-field";
import { type ConflictReport, hasConflicts, OverlapWarning, useOverlapCheck } from "#app/components/sessions/overlap-warning";
import { PricingFields } from "#app/components/sessions/pricing-fields";
import { Button, buttonClass } from "#app/components/ui/button";
import { ErrorList, Field, SelectField, TextareaField } from "#app/components/ui/field";
import { FormErrors } from "#app/components/ui/form-errors";
import { Link } from "#app/components/ui/link";
import { formExperienceLevels, formSeriesFrequencies, gameLabel, games, genres, seriesFrequencies } from "#app/modules/catalog/options";
import { predefinedTags, tagLabel } from "#app/modules/catalog/tags";
import type { Locale } from "#app/modules/i18n/config";
import { seriesFormSchema } from "#app/modules/series/schema";
import { DURATION } from "#app/modules/sessions/rules";
import { tagChip, tagChipBox, tagChipList } from "./tag-chips";

type FieldName =
  | "title"
  | "description"
  | "sessionInstructions"
  | "game"
  | "genre"
  | "experienceLevel"
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
  | "tags"
  | "tagsOther"
  | "isFree"
  | "price"
  | "currency"
  | "paymentMethods"
  | "minAdvanceBookingHours"
  | "voucherPaymentDays"
  | "location"
  | "imageUrl";
type Shape = { [K in FieldName]: string | string[] };
export type SeriesFormValues = Partial<Shape>;

/** The fields that decide when the sessions fall, watched by the live overlap check. */
const scheduleFields = ["frequency", "dayOfWeek", "dayOfMonth", "timeOfDay", "startDate", "isOngoing", "endDate", "duration", "autoGenerateAhead"] as const;

const section = "space-y-2 rounded-lg border border-stone-200 bg-white p-6";
const legend = "px-1 text-lg font-semibold";
const asList = (value: unknown) => [value ?? []].flat().filter((v): v is string => typeof v === "string");

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
  const picked = new Set(asList(fields.tags.initialValue));
  const freeTags = [...picked].filter((name) => !predefinedTags.some((p) => p.id === name)).join(", ");
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
      <fieldset className={section}>
        <legend className={legend}>{t("form.basics")}</legend>
        <Field label={t("form.title")} errors={fields.title.errors} inputProps={getInputProps(fields.title, { type: "text" })} />
        <TextareaField label={t("form.description")} errors={fields.description.errors} textareaProps={{ ...getTextareaProps(fields.description), rows: 4 }} />
        <div className="grid gap-x-4 sm:grid-cols-3">
          <SelectField label={t("form.game")} errors={fields.game.errors} selectProps={getSelectProps(fields.game)}>
            <option value="">{t("form.chooseGame")}</option>
            {games.map((g) => (
              <option key={g} value={g}>
                {gameLabel(t, g)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("form.genre")} errors={fields.genre.errors} selectProps={getSelectProps(fields.genre)}>
            <option value="">{t("form.noGenre")}</option>
            {genres.map((g) => (
              <option key={g} value={g}>
                {t(`genres.${g}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("form.experienceLevel")} errors={fields.experienceLevel.errors} selectProps={getSelectProps(fields.experienceLevel)}>
            <option value="">{t("form.anyLevel")}</option>
            {formExperienceLevels.map((l) => (
              <option key={l} value={l}>
                {t(`levels.${l}`)}
              </option>
            ))}
          </SelectField>
        </div>
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
        <fieldset>
          <legend className="text-sm font-medium text-stone-800">
            {t("form.tags")} <span className="text-xs text-stone-600">{t("seriesForm.tagsHint")}</span>
          </legend>
          <div className={tagChipList}>
            {predefinedTags.map((tag) => (
              <label key={tag.id} className={tagChip}>
                <input type="checkbox" name="tags" value={tag.id} defaultChecked={picked.has(tag.id)} className={tagChipBox} /> {tagLabel(tag, props.lang)}
              </label>
            ))}
          </div>
          <ErrorList id={fields.tags.errorId} errors={fields.tags.errors} />
        </fieldset>
        <Field
          label={t("form.otherTags")}
          inputProps={{ name: "tagsOther", type: "text", defaultValue: String(fields.tagsOther.initialValue ?? freeTags), maxLength: 200 }}
        />
        <Field label={t("form.location")} errors={fields.location.errors} inputProps={getInputProps(fields.location, { type: "text" })} />
        <ImageField field={fields.imageUrl} serverProblem={imageProblemOf(props.lastResult)} lang={props.lang} />
      </fieldset>
      <fieldset className={section}>
        <legend className={legend}>{t("seriesForm.schedule")}</legend>
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
          <Field label={t("seriesForm.dayOfMonth")} errors={fields.dayOfMonth.errors} inputProps={getInputProps(fields.dayOfMonth, { type: "number" })} />
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
      </fieldset>
      <fieldset className={section}>
        <legend className={legend}>{t("seriesForm.management")}</legend>
        <div className="grid gap-x-4 sm:grid-cols-3">
          <Field
            label={t("form.maxParticipants")}
            errors={fields.maxParticipants.errors}
            inputProps={getInputProps(fields.maxParticipants, { type: "number" })}
          />
          <Field
            label={t("form.minParticipants")}
            errors={fields.minParticipants.errors}
            inputProps={getInputProps(fields.minParticipants, { type: "number" })}
          />
          <Field
            label={t("seriesForm.autoGenerateAhead")}
            errors={fields.autoGenerateAhead.errors}
            inputProps={getInputProps(fields.autoGenerateAhead, { type: "number" })}
          />
          <Field
            label={t("seriesForm.bookingLockHours")}
            errors={fields.bookingLockHours.errors}
            inputProps={getInputProps(fields.bookingLockHours, { type: "number" })}
          />
          <Field
            label={t("form.preSessionCheckHours")}
            errors={fields.preSessionCheckHours.errors}
            inputProps={getInputProps(fields.preSessionCheckHours, { type: "number" })}
          />
        </div>
      </fieldset>
      <PricingFields fields={fields} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <div className="flex gap-2">
        <Button disabled={busy}>{submitLabel}</Button>
        <Link to={props.cancelHref} className={buttonClass("secondary")}>
          {t("seriesForm.cancel")}
        </Link>
      </div>
    </Form>
  );
}
