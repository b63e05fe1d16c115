import type { TFunction } from "i18next";

/** Plain options whose result depends only on the key and these values (pluralisation by count). */
const countOnly = (options: unknown): options is { count: number } =>
  typeof options === "object" && options !== null && Object.keys(options).length === 1 && typeof (options as { count?: unknown }).count === "number";

/** Kept small: keys come from the code, counts are small numbers; user text never becomes a key. */
const MAX_ENTRIES = 4000;

/**
 * A translation function that remembers the texts of fixed keys. i18next resolves each call afresh
 * (key parsing, namespace fallback, plural rules, interpolation), which was a tenth of the CPU of a
 * search page; a rendered text for the same key, language and namespace never changes while the
 * server runs, because the resources are bundled. Calls with interpolation values or
 * `returnObjects` go to i18next unchanged: their results depend on data or are mutable objects.
 */
export function memoizeT(t: TFunction): TFunction {
  const texts = new Map<string, string>();
  const translate = t as unknown as (...args: unknown[]) => unknown;
  const memo = (key: unknown, options?: unknown, ...rest: unknown[]): unknown => {
    if (typeof key !== "string" || rest.length > 0) return translate(key, options, ...rest);
    let cacheKey: string;
    if (options === undefined) cacheKey = key;
    else if (countOnly(options)) cacheKey = `${key}\u0000${options.count}`;
    else return translate(key, options);
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
