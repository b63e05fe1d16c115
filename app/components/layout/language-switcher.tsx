import { Form, useLocation, useNavigate } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { GlobeIcon } from "#app/components/ui/icons";
import { Link } from "#app/components/ui/link";
import { type Locale, localeNames, locales } from "#app/modules/i18n/config";
import { switchLocalePath } from "#app/modules/i18n/rules";

type Variant = "pills" | "buttons" | "dropdown" | "select";

/** A link to this page in the language `to`, in that language, marked as current when it is the page's. */
function LanguageLink({
  to,
  current,
  hrefFor,
  ...rest
}: {
  to: Locale;
  current: Locale;
  hrefFor: (to: Locale) => string;
  className: string;
  "aria-label"?: string;
  children: ReactNode;
}) {
  return <Link to={hrefFor(to)} lang={to} hrefLang={to} aria-current={to === current ? "true" : undefined} {...rest} />;
}

/**
 * Four looks, one behaviour: each choice is a plain link to the same page in another language,
 * so it works without JavaScript. The select variant submits a GET form that the server redirects.
 */
export function LanguageSwitcher({ variant, current }: { variant: Variant; current: Locale }) {
  const { t } = useTranslation();
  const location = useLocation();
  const hrefFor = (to: Locale) => switchLocalePath(location.pathname, location.search, to);

  if (variant === "select") return <LanguageSelect current={current} hrefFor={hrefFor} />;

  if (variant === "dropdown") {
    return (
      <details className="relative">
        <summary className="flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center gap-1 rounded-md text-sm text-stone-700 hover:bg-stone-100">
          <GlobeIcon className="h-5 w-5" />
          <span className="sr-only">
            {current.toUpperCase()} {t("language.choose")}
          </span>
        </summary>
        <ul className="absolute right-0 z-20 mt-1 w-40 rounded-md border border-stone-200 bg-white py-1 shadow-lg">
          {locales.map((l) => (
            <li key={l}>
              <LanguageLink to={l} current={current} hrefFor={hrefFor} className="block px-3 py-2 text-sm hover:bg-stone-100 aria-[current=true]:font-semibold">
                {localeNames[l]}
              </LanguageLink>
            </li>
          ))}
        </ul>
      </details>
    );
  }

  const pills = variant === "pills";
  return (
    // Header and footer both offer languages: each landmark gets its own name.
    <nav aria-label={t(pills ? "language.label" : "language.footerLabel")}>
      <ul className={pills ? "flex gap-1 rounded-full bg-stone-100 p-1" : "flex flex-wrap gap-2"}>
        {locales.map((l) => (
          <li key={l}>
            <LanguageLink
              to={l}
              current={current}
              hrefFor={hrefFor}
              aria-label={localeNames[l]}
              className={
                pills
                  ? "inline-flex min-h-8 min-w-10 items-center justify-center rounded-full px-2 text-xs font-semibold text-stone-700 aria-[current=true]:bg-white aria-[current=true]:text-brand-700 aria-[current=true]:shadow"
                  : "inline-flex min-h-11 items-center rounded-md border border-stone-500 px-3 text-sm text-stone-100 hover:bg-stone-700 aria-[current=true]:bg-stone-100 aria-[current=true]:text-stone-900"
              }
            >
              {pills ? l.toUpperCase() : localeNames[l]}
            </LanguageLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function LanguageSelect({ current, hrefFor }: { current: Locale; hrefFor: (l: Locale) => string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Form method="get" action="/change-language" className="flex items-end gap-2">
      <input type="hidden" name="path" value={`${location.pathname}${location.search}`} />
      <label className="text-sm text-stone-200">
        <span className="mb-1 block">{t("language.label")}</span>
        <select
          name="lang"
          defaultValue={current}
          onChange={(event) => navigate(hrefFor(event.currentTarget.value as Locale))}
          className="rounded-md border border-stone-500 bg-stone-800 px-2 py-2 text-stone-100"
        >
          {locales.map((l) => (
            <option key={l} value={l} lang={l}>
              {localeNames[l]}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className="min-h-11 rounded-md border border-stone-500 px-3 text-sm text-stone-100">
          {t("language.go")}
        </button>
      </noscript>
    </Form>
  );
}
