import { toCents } from "#app/modules/profiles/rules";

/**
 * The filter form sends prices in currency units (step 0.01); the URL keeps cents. Returns the
 * canonical query when a conversion is needed, else null. Empty fields are dropped too.
 */
export function canonicalSearch(params: URLSearchParams): string | null {
  const units = ["priceMinUnits", "priceMaxUnits"].filter((k) => params.has(k));
  const empties = [...params.entries()].filter(([, v]) => v === "").map(([k]) => k);
  if (!units.length && !empties.length) return null;
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    if (value === "" || key === "priceMinUnits" || key === "priceMaxUnits") continue;
    next.append(key, value);
  }
  for (const key of units) {
    const cents = toCents(params.get(key) ?? "");
    if (cents !== null) next.set(key.replace("Units", ""), String(cents));
  }
  const query = next.toString();
  return query ? `?${query}` : "";
}
