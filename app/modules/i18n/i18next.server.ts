import { createInstance, type i18n, type TFunction } from "i18next";
import { defaultLocale, type Locale, locales, type Namespace, namespaces } from "./config";
import { memoizeT } from "./memo-t";
import { resources } from "./resources.server";

let shared: i18n | undefined;

/** One i18next instance with every resource bundled. */
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

const perLocale = new Map<Locale, i18n>();

/**
 * The instance a server render uses for a language. Rendering only reads from it (nothing on the
 * server changes its language or resources), so one instance per language serves every request,
 * and its fixed translators remember the texts they produced (see memoizeT).
 */
export function renderI18n(lang: Locale): i18n {
  let instance = perLocale.get(lang);
  if (!instance) {
    instance = sharedI18n().cloneInstance({ lng: lang, initImmediate: false });
    const fixedTs = new Map<string, TFunction>();
    const getFixedT = instance.getFixedT.bind(instance) as (...args: unknown[]) => TFunction;
    instance.getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown) => {
      const key = JSON.stringify([lng ?? null, ns ?? null, keyPrefix ?? null]);
      let t = fixedTs.get(key);
      if (!t) {
        t = memoizeT(getFixedT(lng, ns, keyPrefix));
        fixedTs.set(key, t);
      }
      return t;
    }) as i18n["getFixedT"];
    perLocale.set(lang, instance);
  }
  return instance;
}

/** A translator for server-side text: emails, toasts and API messages. */
export function translator(lang: Locale, ns: Namespace = "common"): TFunction {
  return renderI18n(lang).getFixedT(lang, ns);
}
