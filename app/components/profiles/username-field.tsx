import { useFetcher } from "@remix-run/react";
import { type InputHTMLAttributes, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "#app/components/ui/field";

type Check = { available: boolean; unchanged?: boolean; error?: string; availableAt?: string };

const DEBOUNCE_MS = 500; // spec section 5, Username

/**
 * With JavaScript, asks the server 500 ms after the last keystroke whether the name is free; the
 * submit runs the same check, so without JavaScript the verdict arrives with the form's answer.
 */
export function UsernameField({
  label,
  hint,
  errors,
  inputProps,
}: {
  label: string;
  hint: string;
  errors?: string[];
  inputProps: InputHTMLAttributes<HTMLInputElement>;
}) {
  const { t, i18n } = useTranslation(["profile", "validation"]);
  const fetcher = useFetcher<Check>();
  const [value, setValue] = useState(String(inputProps.defaultValue ?? ""));
  const initial = useRef(value);
  useEffect(() => {
    if (value === initial.current || value.trim().length === 0) return;
    const timer = setTimeout(() => fetcher.load(`/api/username/check?username=${encodeURIComponent(value)}`), DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // fetcher.load is stable enough for this purpose; re-running on it would loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const live = value !== initial.current && fetcher.data && !errors?.length ? fetcher.data : null;
  let status: string | null = null;
  if (value !== initial.current && fetcher.state === "loading") status = t("username.checking");
  else if (live?.available) status = live.unchanged ? t("username.unchanged") : t("username.available");
  const liveErrors = live && !live.available && live.error ? [live.error] : null;
  const cooldown = live?.availableAt ? t("username.cooldown", { date: new Date(live.availableAt).toLocaleDateString(i18n.language) }) : null;

  return (
    <div>
      <Field
        label={label}
        hint={
          <>
            {hint}
            {status ? <span className="mt-1 block font-semibold text-green-800">{status}</span> : null}
            {cooldown ? <span className="mt-1 block">{cooldown}</span> : null}
          </>
        }
        errors={errors?.length ? errors : liveErrors}
        inputProps={{ ...inputProps, onChange: (event) => setValue(event.currentTarget.value) }}
      />
    </div>
  );
}
