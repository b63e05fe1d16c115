import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from "react";
import { useTranslation } from "react-i18next";

/** Error keys come from zod schemas and live in the validation namespace. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const { t } = useTranslation("validation");
  const list = errors?.filter(Boolean) ?? [];
  // The fixed minimum height keeps buttons from moving when a message appears.
  return (
    <ul id={id} className="min-h-5 text-sm text-red-700" aria-live="polite">
      {list.map((e) => (
        <li key={e}>{t(e, { ns: "validation" })}</li>
      ))}
    </ul>
  );
}

type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[] | null;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
};

const inputClass =
  "block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 shadow-sm aria-[invalid=true]:border-red-700 focus:border-brand-600";

/** A control's id (its own, or one made up), whether it is invalid, and what describes it: its errors, then its hint. */
function useFieldIds(ownId: string | undefined, errors: string[] | null | undefined, hint: ReactNode) {
  const fallbackId = useId();
  const id = ownId ?? fallbackId;
  const invalid = Boolean(errors?.length);
  const describedBy = [invalid ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return { id, control: { id, className: inputClass, "aria-invalid": invalid || undefined, "aria-describedby": describedBy } };
}

/**
 * Every field's frame: the label above its control, the hint below it (a paragraph, or a block
 * when the hint holds more than a sentence), then the list the errors appear in.
 */
function FieldFrame({
  id,
  label,
  hint,
  hintBlock = false,
  errors,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  hintBlock?: boolean;
  errors?: string[] | null;
  children: ReactNode;
}) {
  const Hint = hintBlock ? "div" : "p";
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {hint ? (
        <Hint id={`${id}-hint`} className="text-xs text-stone-600">
          {hint}
        </Hint>
      ) : null}
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}

export function Field({ label, hint, errors, inputProps }: FieldProps) {
  const { id, control } = useFieldIds(inputProps.id, errors, hint);
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={errors}>
      <input {...inputProps} {...control} />
    </FieldFrame>
  );
}

export function TextareaField({
  label,
  hint,
  errors,
  textareaProps,
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[] | null;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement>;
}) {
  const { id, control } = useFieldIds(textareaProps.id, errors, hint);
  return (
    <FieldFrame id={id} label={label} hint={hint} hintBlock errors={errors}>
      <textarea {...textareaProps} {...control} />
    </FieldFrame>
  );
}

export function SelectField({
  label,
  errors,
  selectProps,
  children,
}: {
  label: ReactNode;
  errors?: string[] | null;
  selectProps: SelectHTMLAttributes<HTMLSelectElement>;
  children: ReactNode;
}) {
  const { id, control } = useFieldIds(selectProps.id, errors, undefined);
  return (
    <FieldFrame id={id} label={label} errors={errors}>
      <select {...selectProps} {...control}>
        {children}
      </select>
    </FieldFrame>
  );
}
