import { createInstance, type i18n, type TFunction } from "i18next";
import { defaultLocale, type Locale, locales, type Namespace, namespaces } from "./config";
import { resources } from "./resources.server";

let shared: i18n | undefined;

/** One i18next instance with every resource bundled; per-request instances clone it cheaply. */
export function sharedI18n(): i18n {
  if (!shared) {
    shared = createInstance();
    void shared.init({
      resources,
      lng: defaultLocale,
      fallbackLng: false,
      supportedLngs: [...locales],
      ns: [...namespaces],
      defaultNS: "common",
      fallbackNS: "common",
      interpolation: { escapeValue: false },
      initImmediate: false,
    });
  }
  return shared;
}

/** A translator for server-side text: emails, toasts and API messages. */
export function translator(lang: Locale, ns: Namespace = "common"): TFunction {
  return sharedI18n().getFixedT(lang, ns);
}
