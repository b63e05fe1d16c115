import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Field, SelectField } from "#app/components/ui/field";
import { localeNames, locales } from "#app/modules/i18n/config";

// Signing up and editing the profile ask for a person's name and language the same way; both
// namespaces ("auth" and "profile") carry the same `fields.*` labels.
type Namespace = "auth" | "profile";

/** First and last name side by side, filled in by the browser's autofill. */
export function NameFields({ ns, firstName, lastName }: { ns: Namespace; firstName: FieldMetadata<string>; lastName: FieldMetadata<string> }) {
  const { t } = useTranslation(ns);
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <Field
        label={t("fields.firstName")}
        errors={firstName.errors}
        inputProps={{ ...getInputProps(firstName, { type: "text" }), autoComplete: "given-name" }}
      />
      <Field label={t("fields.lastName")} errors={lastName.errors} inputProps={{ ...getInputProps(lastName, { type: "text" }), autoComplete: "family-name" }} />
    </div>
  );
}

/** The language mail and pages come in, one option per locale in its own name. */
export function LanguageField({ ns, field }: { ns: Namespace; field: FieldMetadata<string> }) {
  const { t } = useTranslation(ns);
  return (
    <SelectField label={t("fields.preferredLanguage")} errors={field.errors} selectProps={getSelectProps(field)}>
      {locales.map((l) => (
        <option key={l} value={l}>
          {localeNames[l]}
        </option>
      ))}
    </SelectField>
  );
}
