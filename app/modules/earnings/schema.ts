import { z } from "zod";
import { LINE_STATES, MONTH } from "./rules";

const uuid = z.string().uuid();

/**
 * The desk's filters, from the address (a GET form: the URL holds the state). Each field is
 * optional; a field given twice, or not of its shape, is refused by name so the page can say so
 * and show the month without it.
 */
export const earningsFiltersSchema = z.object({
  month: z.string().regex(MONTH).optional(),
  /** A whole year instead of a month (the CSV of a year). */
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  session: uuid.optional(),
  series: uuid.optional(),
  state: z.enum(LINE_STATES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});
export type EarningsFilters = z.infer<typeof earningsFiltersSchema>;

const FIELDS = ["month", "year", "session", "series", "state", "page"] as const;

/**
 * The filters of a query string: the valid ones, and the names of those refused (repeated, empty
 * or malformed). A refused filter is dropped, never guessed.
 */
export function readEarningsFilters(query: URLSearchParams): { filters: EarningsFilters; refused: (typeof FIELDS)[number][] } {
  const filters: Record<string, unknown> = {};
  const refused: (typeof FIELDS)[number][] = [];
  for (const field of FIELDS) {
    const values = query.getAll(field);
    if (values.length === 0 || (values.length === 1 && values[0] === "")) continue;
    const one = earningsFiltersSchema.shape[field].safeParse(values.length === 1 ? values[0] : values);
    if (one.success && one.data !== undefined) filters[field] = one.data;
    else refused.push(field);
  }
  return { filters: earningsFiltersSchema.parse(filters), refused };
}
