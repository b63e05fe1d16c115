import type { TFunction } from "i18next";

/**
 * Options made only of numbers (a count for plurals, a page number, a range): the text depends on
 * the key and these values alone, and numbers never carry a person's text into the cache.
 */
function numbersOnly(options: unknown): string | null {
  if (typeof options !== "object" || options === null || Array.isArray(options)) return null;
  let key = "";
  for (const name in options) {
    const value = (options as Record<string, unknown>)[name];
    if (typeof value !== "number") return null;
    key += `\u0000${name}=${value}`;
  }
  return key;
}

/** A bound, so that many different numbers cannot grow the cache without end. */
const MAX_ENTRIES = 4000;

/**
 * A translation function that remembers the texts of fixed keys. i18next resolves each call afresh
 * (key parsing, namespace fallback, plural rules, interpolation), which was a tenth of the CPU of a
 * search page; a rendered text for the same key, language and namespace never changes while the
 * server runs, because the resources are bundled. Calls with text values or `returnObjects` go to
 * i18next unchanged: their results carry people's text or are mutable objects.
 */
export function memoizeT(t: TFunction): TFunction {
  const texts = new Map<string, string>();
  const translate = t as unknown as (...args: unknown[]) => unknown;
  const memo = (key: unknown, options?: unknown, ...rest: unknown[]): unknown => {
    if (typeof key !== "string" || rest.length > 0) return translate(key, options, ...rest);
    let cacheKey: string;
    if (options === undefined) cacheKey = key;
    else {
      const values = numbersOnly(options);
      if (values === null) return translate(key, options);
      cacheKey = key + values;
    }
    let text = texts.get(cacheKey);
    if (text === undefined) {
      const result = translate(key, options);
      if (typeof result !== "string") return result;
      text = result;
      if (texts.size < MAX_ENTRIES) texts.set(cacheKey, text);
    }
    return text;
  };
  // react-i18next and callers read these properties of a fixed translator.
  return Object.assign(memo, {
    lng: (t as { lng?: string }).lng,
    ns: (t as { ns?: unknown }).ns,
    keyPrefix: (t as { keyPrefix?: unknown }).keyPrefix,
  }) as unknown as TFunction;
}
