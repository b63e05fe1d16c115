import { z } from "zod";
import { isUuid } from "./ids";

// Invalid UTF-8 in a form body decodes to U+FFFD; NUL bytes are refused by PostgreSQL.
// Both mean the input was mangled or hostile, so we refuse it with a message instead of a 500.
// eslint-disable-next-line no-control-regex
const forbiddenCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/;

/** A required text field: trimmed, length-checked, free of control characters. */
export function text(opts: { min?: number; max: number; required: string; tooShort?: string; tooLong: string }) {
  let schema = z.string({ required_error: opts.required, invalid_type_error: opts.required }).trim();
  if (opts.min && opts.min > 1) schema = schema.min(opts.min, opts.tooShort ?? opts.required);
  else schema = schema.min(1, opts.required);
  return schema.max(opts.max, opts.tooLong).refine((s) => !forbiddenCharacters.test(s), "invalidCharacters");
}

/** An optional text field: empty becomes "", length and characters checked. */
export function optionalText(opts: { max: number; tooLong: string }) {
  return z
    .string({ invalid_type_error: "invalidCharacters" })
    .trim()
    .max(opts.max, opts.tooLong)
    .refine((s) => !forbiddenCharacters.test(s), "invalidCharacters")
    .optional()
    .transform((s) => s ?? "");
}

/** Passwords are not trimmed (spaces count) but still refuse control characters. */
export function password(opts: { min: number; max: number; tooShort: string; tooLong: string }) {
  return z
    .string({ required_error: "passwordRequired", invalid_type_error: "passwordRequired" })
    .min(opts.min, opts.tooShort)
    .max(opts.max, opts.tooLong)
    .refine((s) => !forbiddenCharacters.test(s), "invalidCharacters");
}

export const email = z
  .string({ required_error: "emailRequired", invalid_type_error: "emailRequired" })
  .trim()
  .toLowerCase()
  .max(254, "emailInvalid")
  .email("emailInvalid");

export function hasForbiddenCharacters(value: string) {
  return forbiddenCharacters.test(value);
}

type IntentUnion = z.ZodDiscriminatedUnion<"intent", z.ZodDiscriminatedUnionOption<"intent">[]>;

/**
 * The intents of one form, told apart by its `intent` button. A post whose intent is missing or
 * unknown is read as `main`, the form's main button, as these forms have always answered it, so an
 * older page or a client that leaves the button's name out still gets the main action.
 */
export function intentsOf<Union extends IntentUnion>(main: z.infer<Union>["intent"], union: Union) {
  const known = new Set(union.optionsMap.keys());
  return z.preprocess((value) => (isRecord(value) && !known.has(String(value.intent)) ? { ...value, intent: main } : value), union);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** An optional id: anything but a uuid names nothing, so it reads as absent rather than an error. */
export const optionalId = z
  .string()
  .optional()
  .catch(undefined)
  .transform((value) => (value !== undefined && isUuid(value) ? value : undefined));
