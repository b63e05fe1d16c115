import { toCents } from "#app/modules/pricing/rules";

/**
 * The filter form sends prices in currency units (step 0.01); the URL keeps cents. Returns the
 * canonical query when a conversion is needed, else null. Empty fields and defaults are dropped too.
 */
export function canonicalSearch(params: URLSearchParams): string | null {
  const units = ["priceMinUnits", "priceMaxUnits"].filter((k) => params.has(k));
  const empties = [...params.entries()].filter(([, v]) => v === "").map(([k]) => k);
  // The ticked "group campaigns" box sends true beside the form's hidden false: that is the
  // default, so it leaves the URL (and shows no badge); only false alone turns grouping off.
  const grouped = params.getAll("groupBySeries").includes("true");
  if (!units.length && !empties.length && !grouped) return null;
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    if (value === "" || key === "priceMinUnits" || key === "priceMaxUnits") continue;
    if (key === "groupBySeries" && grouped) continue;
    next.append(key, value);
  }
  for (const key of units) {
    const cents = toCents(params.get(key) ?? "");
    if (cents !== null) next.set(key.replace("Units", ""), String(cents));
  }
  const query = next.toString();
  return query ? `?${query}` : "";
}
