import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CharCounter } from "#app/components/profiles/char-counter";
import { ImageField, imageProblemOf } from "#app/components/sessions/image-field";
import { type ConflictReport, hasConflicts, OverlapWarning, useOverlapCheck } from "#app/components/sessions/overlap-warning";
import { PricingFields } from "#app/components/sessions/pricing-fields";
import { Button } from "#app/components/ui/button";
import { ErrorList, Field, SelectField, TextareaField } from "#app/components/ui/field";
import { FormErrors } from "#app/components/ui/form-errors";
import { formExperienceLevels, gameLabel, games, genres } from "#app/modules/catalog/options";
import { predefinedTags, tagLabel } from "#app/modules/catalog/tags";
import type { Locale } from "#app/modules/i18n/config";
import { DURATION } from "#app/modules/sessions/rules";
import { DURATION_PRESETS, SESSION_LIMITS, sessionFormSchema } from "#app/modules/sessions/schema";
import { tagChip, tagChipBox, tagChipList } from "./tag-chips";

type FieldName =
  | "title"
  | "description"
  | "sessionInstructions"
  | "game"
  | "genre"
  | "experienceLevel"
  | "date"
  | "time"
  | "duration"
  | "durationCustom"
  | "maxParticipants"
  | "minParticipants"
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
  | "isPrivate"
  | "imageUrl";
type Shape = { [K in FieldName]: string | string[] };
export type SessionFormValues = Partial<Shape>;

const section = "space-y-2 rounded-lg border border-stone-200 bg-white p-6";
const legend = "px-1 text-lg font-semibold";
const asList = (value: unknown) => [value ?? []].flat().filter((v): v is string => typeof v === "string");
const asText = (value: unknown) => (typeof value === "string" ? value : undefined);

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
  const [duration, setDuration] = useState(asText(fields.duration.initialValue) ?? "120");
  const [instructions, setInstructions] = useState((asText(fields.sessionInstructions.initialValue) ?? "").length);
  const picked = new Set(asList(fields.tags.initialValue));
  const freeTags = asText(fields.tagsOther.initialValue) ?? [...picked].filter((name) => !predefinedTags.some((p) => p.id === name)).join(", ");

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
        <fieldset>
          <legend className="text-sm font-medium text-stone-800">{t("form.tags")}</legend>
          <p className="text-xs text-stone-600">{t("form.tagsHint")}</p>
          <div className={tagChipList}>
            {predefinedTags.map((tag) => (
              <label key={tag.id} className={tagChip}>
                <input type="checkbox" name="tags" value={tag.id} defaultChecked={picked.has(tag.id)} className={tagChipBox} />
                <span aria-hidden="true">{tag.emoji}</span> {tagLabel(tag, props.lang)}
              </label>
            ))}
          </div>
          <ErrorList id={fields.tags.errorId} errors={fields.tags.errors} />
        </fieldset>
        <Field label={t("form.otherTags")} inputProps={{ name: fields.tagsOther.name, type: "text", defaultValue: freeTags, maxLength: 200 }} />
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
      </fieldset>

      <fieldset className={section}>
        <legend className={legend}>{t("form.scheduling")}</legend>
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
              defaultValue: asText(fields.durationCustom.initialValue) ?? "",
            }}
          />
          <ErrorList id={fields.duration.errorId} errors={fields.duration.errors} />
        </fieldset>
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
            label={t("form.preSessionCheckHours")}
            errors={fields.preSessionCheckHours.errors}
            inputProps={getInputProps(fields.preSessionCheckHours, { type: "number" })}
          />
        </div>
      </fieldset>

      <PricingFields fields={fields} />
      <FormErrors errors={form.errors} id={form.errorId} />
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
