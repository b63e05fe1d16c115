import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Field } from "#app/components/ui/field";

/** A number field of the session and series forms, with the limits conform reads from the schema. */
export function NumberField({ label, field }: { label: string; field: FieldMetadata<string | string[]> }) {
  return <Field label={label} errors={field.errors} inputProps={getInputProps(field, { type: "number" })} />;
}
