import { useTranslation } from "react-i18next";
import { buttonClass } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/form-errors";
import { Link } from "#app/components/ui/link";
import { SAFETY_NOTE_MAX, SAFETY_TOOLS, SAFETY_TOPICS } from "#app/modules/safety/rules";
import type { SafetyFormState } from "#app/modules/safety/schema";

const EMPTY: SafetyFormState["values"] = { lines: [], veils: [], safetyNote: "", anonymous: false };

/**
 * Lines and veils inside the booking or subscription form: two checkbox groups, free text and the
 * anonymity choice. Closed by default in a <details> so the booking button stays near the top on a
 * phone; opened again when the form comes back refused, with every value as typed.
 */
export function SafetyFields({ state, idPrefix = "" }: { state?: SafetyFormState | null; idPrefix?: string }) {
  const { t } = useTranslation("safety");
  const values = state?.values ?? EMPTY;
  const group = (name: "lines" | "veils") => (
    <fieldset className="mt-3">
      <legend className="text-sm font-semibold">{t(`form.${name}`)}</legend>
      <div className="mt-1 grid gap-1 text-sm">
        {SAFETY_TOPICS.map((topic) => (
          <label key={topic} className="flex min-h-8 items-center gap-2">
            <input type="checkbox" name={name} value={topic} defaultChecked={values[name].includes(topic)} className="h-4 w-4" />
            {t(`topics.${topic}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
  // Two of these on one page (the card form and the OXXO form) need ids of their own.
  const id = (name: string) => `${idPrefix}${name}`;
  return (
    <details open={Boolean(state)} className="rounded-md border border-stone-200 p-3 text-left" data-testid="safety-fields">
      <summary className="cursor-pointer font-semibold">{t("form.legend")}</summary>
      <p className="mt-2 text-sm text-stone-700">{t("form.intro")}</p>
      {state?.errors.length ? (
        <div className="mt-2">
          <FormErrors id={id("safety-errors")} errors={state.errors} />
        </div>
      ) : null}
      {group("lines")}
      {group("veils")}
      <label className="mt-3 block text-sm font-semibold" htmlFor={id("safetyNote")}>
        {t("form.note")}
      </label>
      <textarea
        id={id("safetyNote")}
        name="safetyNote"
        rows={3}
        maxLength={SAFETY_NOTE_MAX}
        defaultValue={values.safetyNote}
        aria-describedby={id("safetyNote-hint")}
        className="mt-1 w-full rounded-md border border-stone-300 p-2 text-sm"
      />
      <p id={id("safetyNote-hint")} className="text-xs text-stone-600">
        {t("form.noteHint", { max: SAFETY_NOTE_MAX })}
      </p>
      <label className="mt-3 flex min-h-8 items-center gap-2 text-sm">
        <input type="checkbox" name="anonymous" defaultChecked={values.anonymous} className="h-4 w-4" />
        {t("form.anonymous")}
      </label>
    </details>
  );
}

/** The safety tools a session or series uses, as small labels (cards, detail pages). */
export function SafetyToolBadges({ tools, className = "" }: { tools: readonly string[]; className?: string }) {
  const { t } = useTranslation("safety");
  const known = SAFETY_TOOLS.filter((tool) => tools.includes(tool));
  if (known.length === 0) return null;
  return (
    <ul aria-label={t("tools.label")} className={`flex flex-wrap gap-1 ${className}`}>
      {known.map((tool) => (
        <li key={tool} className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-900">
          {t(`tools.${tool}`)}
        </li>
      ))}
    </ul>
  );
}

/** The checkboxes of the session and series forms (and the search form's filter). */
export function SafetyToolChoices({ selected, legend, errors }: { selected: readonly string[]; legend?: string; errors?: string[] }) {
  const { t } = useTranslation("safety");
  return (
    <fieldset aria-describedby={errors?.length ? "safetyTools-errors" : undefined}>
      <legend className="text-sm font-semibold">{legend ?? t("tools.label")}</legend>
      {legend ? null : <p className="text-xs text-stone-600">{t("tools.hint")}</p>}
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {SAFETY_TOOLS.map((tool) => (
          <label key={tool} className="flex min-h-8 items-center gap-2">
            <input type="checkbox" name="safetyTools" value={tool} defaultChecked={selected.includes(tool)} className="h-4 w-4" />
            {t(`tools.${tool}`)}
          </label>
        ))}
      </div>
      {errors?.length ? (
        <div className="mt-1">
          <FormErrors id="safetyTools-errors" errors={errors} />
        </div>
      ) : null}
    </fieldset>
  );
}

/** The host's way from the session's page to its lines and veils. */
export function SafetyLink({ href }: { href: string }) {
  const { t } = useTranslation("safety");
  return (
    <Link to={href} className={buttonClass("secondary", "w-full")}>
      {t("sheet.link")}
    </Link>
  );
}

/** A conform field's value (one string, a list, or nothing) as a list of tools. */
export const toolsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : typeof value === "string" ? [value] : [];
