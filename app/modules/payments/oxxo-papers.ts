/** What an OXXO voucher asks and states: the payer's names (spec section 5) and its dates in Mexico City time. Pure. */
import { z } from "zod";

const hasNul = (v: string) => v.includes("\u0000");

/**
 * Spec section 5: first and last name, trimmed, at least 2 characters each. Messages are keys of
 * the validation namespace: an empty name is asked for, a one-letter one is said to be too short.
 */
const oxxoName = (field: "firstName" | "lastName") =>
  z
    .string({ required_error: `${field}Required` })
    .trim()
    .max(50, `${field}TooLong`)
    .refine((v) => v !== "" && !hasNul(v), `${field}Required`)
    .refine((v) => v === "" || v.length >= 2, `${field}TooShort`);

export const oxxoNameSchema = z.object({ firstName: oxxoName("firstName"), lastName: oxxoName("lastName") });

export type OxxoNames = z.infer<typeof oxxoNameSchema>;
export type OxxoNameErrors = { [K in keyof OxxoNames]?: string[] };

/**
 * The schema's verdict on the typed names, field by field, as validation keys; null when both are
 * valid. The dialog shows these in the browser, as the name page does after its round trip.
 */
export function oxxoNameErrors(values: { firstName: string; lastName: string }): OxxoNameErrors | null {
  const parsed = oxxoNameSchema.safeParse(values);
  if (parsed.success) return null;
  const errors: OxxoNameErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === "firstName" || field === "lastName") errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

/** The OXXO dialog's confirm button waits for both names (spec section 5: disabled while either is empty). */
export const oxxoNamesTyped = (values: { firstName: string; lastName: string }) => values.firstName !== "" && values.lastName !== "";

/** A moment as OXXO's papers state it: in Mexican Spanish and Mexico City time, whatever the page's language. */
export function oxxoDateTime(at: Date, options: { weekday?: boolean } = {}): string {
  return new Intl.DateTimeFormat("es-MX", {
    ...(options.weekday ? { weekday: "long" as const } : {}),
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "America/Mexico_City",
    timeZoneName: "short",
  }).format(at);
}

/** Spec section 2: the session's date on the OXXO dialog, with its weekday. */
export const oxxoSessionDate = (startsAt: Date): string => oxxoDateTime(startsAt, { weekday: true });
