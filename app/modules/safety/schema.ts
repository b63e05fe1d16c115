import { z } from "zod";
import { optionalText } from "#app/lib/zod";
import { SAFETY_NOTE_MAX, SAFETY_TOOLS, SAFETY_TOPICS, type SafetyInput } from "./rules";

/** A checkbox group: nothing, one value or many; each must be one of the list's values. */
const topicList = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : typeof v === "string" ? [v] : v),
  z
    .array(z.enum(SAFETY_TOPICS, { errorMap: () => ({ message: "safety:validation.unknownTopic" }) }))
    .max(SAFETY_TOPICS.length, "safety:validation.unknownTopic"),
);

const flag = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? false : v === "on" || v === "true" || v === true ? true : v === "false" || v === false ? false : v),
  z.boolean({ invalid_type_error: "safety:validation.anonymous" }),
);

/**
 * The lines-and-veils fields, for a command's schema that carries them beside its own fields (a
 * booking's form and JSON call); `asSafetyInput` turns its parsed values into what is kept.
 */
export const safetyFields = z.object({
  lines: topicList,
  veils: topicList,
  safetyNote: optionalText({ max: SAFETY_NOTE_MAX, tooLong: "safety:validation.noteTooLong" }),
  anonymous: flag,
});

/** Each topic once, in the order first given. */
export const asSafetyInput = (v: z.output<typeof safetyFields>): SafetyInput => ({
  lines: [...new Set(v.lines)],
  veils: [...new Set(v.veils)],
  safetyNote: v.safetyNote,
  anonymous: v.anonymous,
});

/**
 * Lines and veils, the same schema for the booking and subscription forms (FormData read by
 * safetyFormValues) and the JSON API's `safety` object. Messages are translation keys.
 */
export const safetySchema = safetyFields.transform(asSafetyInput);

/**
 * The seat's own lines-and-veils form (the session page and /safety-note) by its `intent`: save what
 * it carries (also when it comes without a button value) or remove the note.
 */
export const seatNoteFormSchema = z
  .preprocess(
    (value) => (value && typeof value === "object" && !("intent" in value) ? { ...value, intent: "save" } : value),
    z.discriminatedUnion("intent", [safetyFields.extend({ intent: z.literal("save") }), z.object({ intent: z.literal("remove") })]),
  )
  .transform((v) => (v.intent === "save" ? { intent: v.intent, input: asSafetyInput(v) } : v));

/** The raw values of the form's safety fields, kept as typed so a refused form shows them again. */
export function safetyFormValues(form: FormData) {
  const note = form.getAll("safetyNote");
  const anonymous = form.getAll("anonymous");
  return {
    lines: form.getAll("lines").map(String),
    veils: form.getAll("veils").map(String),
    safetyNote: note.length > 1 ? note.map(String) : note.length === 1 ? String(note[0]) : undefined,
    anonymous: anonymous.length > 1 ? anonymous.map(String) : anonymous.length === 1 ? String(anonymous[0]) : undefined,
  };
}

export type SafetyFormState = { values: { lines: string[]; veils: string[]; safetyNote: string; anonymous: boolean }; errors: string[] };

/** The safety fields as typed, to show again (with `errors`) when the form they came in is refused for any reason. */
export function typedSafetyState(form: FormData, errors: string[] = []): SafetyFormState {
  const raw = safetyFormValues(form);
  const typed = Array.isArray(raw.safetyNote) ? raw.safetyNote.join("\n") : (raw.safetyNote ?? "");
  return { values: { lines: raw.lines, veils: raw.veils, safetyNote: typed, anonymous: raw.anonymous === "on" }, errors };
}

/** The messages to show for refused safety fields, each once: translation keys, a bare one from the validation namespace. */
const safetyMessages = (messages: string[]) => [...new Set(messages.map((m) => (m.includes(":") ? m : `validation:${m}`)))];

/** Reads the form's safety fields: the parsed input, or what to show again with the messages. */
export function parseSafetyForm(form: FormData): { ok: true; input: SafetyInput } | { ok: false; state: SafetyFormState } {
  const parsed = safetySchema.safeParse(safetyFormValues(form));
  if (parsed.success) return { ok: true, input: parsed.data };
  return {
    ok: false,
    state: refusedSafetyState(
      form,
      parsed.error.issues.map((i) => i.message),
    ),
  };
}

/** A refused safety form again: what was typed, and each message once as a translation key. */
export function refusedSafetyState(form: FormData, messages: string[]): SafetyFormState {
  return typedSafetyState(form, safetyMessages(messages));
}

/**
 * The messages of the safety fields a command's form schema refused (conform's errors by field, a
 * list's item named "lines[1]"); empty when they all passed.
 */
export function safetyErrors(errors: Record<string, string[] | null | undefined>): string[] {
  const fields = Object.keys(safetyFields.shape);
  return safetyMessages(Object.entries(errors).flatMap(([name, messages]) => (fields.includes(name.split("[")[0]!) ? (messages ?? []) : [])));
}

/** The JSON APIs' optional fields `lines`, `veils`, `safetyNote`, `anonymous` (the form's names); none sent means nothing to tell. */
export function parseSafetyJson(body: Record<string, unknown>): { ok: true; input: SafetyInput } | { ok: false; message: string } {
  const parsed = safetySchema.safeParse({ lines: body.lines, veils: body.veils, safetyNote: body.safetyNote, anonymous: body.anonymous });
  if (parsed.success) return { ok: true, input: parsed.data };
  const field = parsed.error.issues[0]?.path[0] ?? "lines";
  return { ok: false, message: `${String(field)} is not valid` };
}

/** The list fields of the JSON APIs' bodies that carry lines and veils. */
export const SAFETY_LIST_FIELDS = ["lines", "veils"] as const;

/** The safety tools of the create and edit forms and the APIs: any of the four, each once. */
export const safetyToolsSchema = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : typeof v === "string" ? [v] : v),
  z
    .array(z.enum(SAFETY_TOOLS, { errorMap: () => ({ message: "safety:validation.unknownTool" }) }))
    .transform((tools) => SAFETY_TOOLS.filter((t) => tools.includes(t))),
);
