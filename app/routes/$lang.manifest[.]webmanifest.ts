import type { LoaderFunctionArgs } from "@remix-run/node";
import { translator } from "#app/modules/i18n/i18next.server";
import { isLocale } from "#app/modules/i18n/rules";
import { webManifest } from "#app/modules/offline/rules";
import { notFound } from "#app/web/http";

/** The web app manifest in the page's language (decision record 094): added to a home screen, Mesa opens in that language. */
export function loader({ params }: LoaderFunctionArgs) {
  const lang = params.lang;
  if (!isLocale(lang)) notFound();
  const manifest = webManifest(lang, {
    description: translator(lang, "offline")("manifest.description"),
    tickets: translator(lang, "common")("nav.tickets"),
  });
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
