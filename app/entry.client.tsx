import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import Backend from "i18next-http-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { defaultLocale, locales } from "#app/modules/i18n/config";
import { isLocale } from "#app/modules/i18n/rules";

async function hydrate() {
  const lang = document.documentElement.lang;
  await i18next
    .use(initReactI18next)
    .use(Backend)
    .init({
      lng: isLocale(lang) ? lang : defaultLocale,
      fallbackLng: false,
      supportedLngs: [...locales],
      ns: ["common", ...getInitialNamespaces().filter((ns) => ns !== "common")],
      defaultNS: "common",
      fallbackNS: "common",
      interpolation: { escapeValue: false },
      backend: { loadPath: "/locales/{{lng}}/{{ns}}.json" },
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
