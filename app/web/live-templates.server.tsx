import { createHash } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { LiveTemplates } from "#app/components/layout/live-templates";
import type { Locale } from "#app/modules/i18n/config";
import { renderI18n } from "#app/modules/i18n/i18next.server";

type Rendered = { html: string; version: string };
const rendered = new Map<Locale, Rendered>();

/**
 * The live layer's templates in one language, and a hash of them that names their address. They
 * hold no viewer's data (only translated words and classes), so one rendering per language serves
 * everyone: kept for the process on React's production build, rendered anew otherwise so an edit
 * shows at once.
 */
export function liveTemplates(lang: Locale): Rendered {
  const kept = rendered.get(lang);
  if (kept) return kept;
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={renderI18n(lang)}>
      <LiveTemplates lang={lang} />
    </I18nextProvider>,
  );
  const made = { html, version: createHash("sha256").update(html).digest("base64url").slice(0, 12) };
  if (process.env.NODE_ENV === "production") rendered.set(lang, made);
  return made;
}

/** Where the live script fetches them: the hash changes with their content, so the answer is cached for good. */
export const liveTemplatesUrl = (lang: Locale) => `/api/live-templates/${lang}/${liveTemplates(lang).version}`;
