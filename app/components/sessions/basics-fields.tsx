import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Field, SelectField, TextareaField } from "#app/components/ui/field";
import { formExperienceLevels, gameLabel, games, genres } from "#app/modules/catalog/options";

export type BasicsFieldName = "title" | "description" | "game" | "genre" | "experienceLevel";

/** The first fields of the session and series forms: what is played, under which title. */
export function BasicsFields({ fields }: { fields: { [K in BasicsFieldName]: FieldMetadata<string | string[]> } }) {
  const { t } = useTranslation("sessions");
  return (
    <>
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
    </>
  );
}
