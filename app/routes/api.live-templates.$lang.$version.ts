import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLocale } from "#app/modules/i18n/rules";
import { notFound } from "#app/web/http";
import { liveTemplates } from "#app/web/live-templates.server";

/**
 * The live layer's translated templates (app/components/layout/live-templates.tsx), fetched by its
 * script after the page has loaded. The same for every viewer: public, and kept for a year when the
 * address names the current version; an old version gets today's markup, cached briefly.
 */
export function loader({ params }: LoaderFunctionArgs) {
  if (!isLocale(params.lang)) notFound();
  const { html, version } = liveTemplates(params.lang);
  const current = params.version === version;
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
