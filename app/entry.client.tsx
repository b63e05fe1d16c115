import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { defaultLocale, locales } from "#app/modules/i18n/config";
import { isLocale } from "#app/modules/i18n/rules";

/**
 * Fetches a namespace's JSON from /locales (served with a long cache). A dozen lines instead of
 * i18next-http-backend, whose retries, XHR fallback and query options the app never uses: every
 * kilobyte of script counts on the phones this is for.
 */
const localesBackend: BackendModule = {
  type: "backend",
  init: () => undefined,
  read(language, namespace, callback) {
    fetch(`/locales/${language}/${namespace}.json`)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${response.status} loading ${language}/${namespace}`))))
      .then((resources: Record<string, unknown>) => callback(null, resources))
      .catch((error: Error) => callback(error, false));
  },
};

async function hydrate() {
  const lang = document.documentElement.lang;
  await i18next
    .use(initReactI18next)
    .use(localesBackend)
    .init({
      lng: isLocale(lang) ? lang : defaultLocale,
      fallbackLng: false,
      supportedLngs: [...locales],
      ns: ["common", ...getInitialNamespaces().filter((ns) => ns !== "common")],
      defaultNS: "common",
      fallbackNS: "common",
      interpolation: { escapeValue: false },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
