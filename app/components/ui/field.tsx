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

export function Field({ label, hint, errors, inputProps }: FieldProps) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = `${id}-error`;
  const hintId = hint ? `${id}-hint` : undefined;
  const invalid = Boolean(errors?.length);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        className={inputClass}
        aria-invalid={invalid || undefined}
        aria-describedby={[invalid ? errorId : null, hintId].filter(Boolean).join(" ") || undefined}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
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
  const fallbackId = useId();
  const id = textareaProps.id ?? fallbackId;
  const invalid = Boolean(errors?.length);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <textarea
        {...textareaProps}
        id={id}
        className={inputClass}
        aria-invalid={invalid || undefined}
        aria-describedby={[invalid ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined}
      />
      {hint ? (
        <div id={`${id}-hint`} className="text-xs text-stone-600">
          {hint}
        </div>
      ) : null}
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
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
  const fallbackId = useId();
  const id = selectProps.id ?? fallbackId;
  const invalid = Boolean(errors?.length);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <select {...selectProps} id={id} className={inputClass} aria-invalid={invalid || undefined} aria-describedby={invalid ? `${id}-error` : undefined}>
        {children}
      </select>
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}
