import { parseWithZod } from "@conform-to/zod";
import type { z, ZodTypeAny } from "zod";
import type { Deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { confirmed, type ConflictReport, seriesConflicts, sessionConflicts } from "#app/modules/series/conflicts.server";
import { seriesRowFromForm } from "#app/modules/series/rows.server";
import { seriesFormSchema } from "#app/modules/series/schema";
import { hostMayCharge, PAYOUT_ACCOUNT_NEEDED } from "#app/modules/sessions/index.server";
import { sessionFormSchema } from "#app/modules/sessions/schema";
import { IMAGE_MAX_BYTES, IMAGE_SIGNATURE_BYTES, type ImageTarget } from "#app/modules/storage/rules";
import { type FormWithImage, IMAGE_FIELD, imageFormReply, settleFormImage } from "#app/modules/storage/upload-form.server";
import { parseForm } from "./form.server";
import { readFormWithFile } from "./multipart.server";
import { refuse } from "./replies.server";

/** Helper fields the forms send beside the schema's own, echoed back so a failed submit keeps them. */
const ECHOED = ["durationCustom", "tagsOther"];

type Steps<Schema extends ZodTypeAny> = {
  /** Who sends the form: a new image is stored under their name. */
  userId: string;
  target: ImageTarget;
  schema: Schema;
  /** The host's other sessions the valid form would overlap. */
  conflicts: (value: z.output<Schema>) => Promise<ConflictReport>;
  /** Whose payout account a price needs, and the price the valid form asks (0 when free). */
  seller: { hostId: string; priceCents: (value: z.output<Schema>) => number };
};

/** The price a valid session or series form saves: a free offer's price field is ignored. */
const formPrice = (v: { isFree: boolean; price: number }) => (v.isFree ? 0 : v.price);

/**
 * Reads a session or series form, with or without an image (multipart or not; the reader cuts short
 * a body too large), and hands the fields and the file to the storage module, which stores the
 * image only when `isValid` accepts the rest of the form.
 */
async function readFormWithImage(
  request: Request,
  deps: Pick<Deps, "storage" | "now">,
  image: { userId: string; target: ImageTarget; isValid: (formData: FormData) => boolean },
): Promise<FormWithImage> {
  const { formData, file } = await readFormWithFile(request, { name: IMAGE_FIELD, keepBytes: IMAGE_MAX_BYTES, headBytes: IMAGE_SIGNATURE_BYTES });
  return settleFormImage(formData, file, { storage: deps.storage, now: deps.now, ...image });
}

/**
 * What the session and series forms do before they save, once the route has checked who may
 * send them: read the form and its image (stored only when the rest is valid), validate it, and
 * stop at a price the DM cannot be paid yet or at an overlap the host has not confirmed. Either the
 * valid submission, or the page's answer: the form with what was typed ('invalid', a 400), with the
 * price field's error until the DM's payout account takes charges ('conflict', a 409: the same form
 * is accepted once it does), or with the overlap to confirm ('conflict', a 409).
 */
async function readHostForm<Schema extends ZodTypeAny>(request: Request, deps: Pick<Deps, "db" | "storage" | "now">, steps: Steps<Schema>) {
  const { formData, imageProblem } = await readFormWithImage(request, deps, {
    userId: steps.userId,
    target: steps.target,
    isValid: (f) => parseWithZod(f, { schema: steps.schema }).status === "success",
  });
  const submission = parseForm(formData, { schema: steps.schema, echo: ECHOED });
  if (imageProblem || submission.status !== "success") return { ok: false as const, refused: refuse("invalid", imageFormReply(submission, imageProblem)) };
  if (!(await hostMayCharge(deps.db, steps.seller.hostId, steps.seller.priceCents(submission.value)))) {
    return { ok: false as const, refused: refuse("conflict", submission.reply({ fieldErrors: { price: [PAYOUT_ACCOUNT_NEEDED] } })) };
  }
  // A warning, not a refusal: "Save anyway" sends back the token of the overlaps the host saw.
  const overlap = await steps.conflicts(submission.value);
  if (!confirmed(formData, overlap)) return { ok: false as const, refused: refuse("conflict", { ...submission.reply(), overlap }) };
  return { ok: true as const, submission };
}

/** Who sends a host form, whose calendar it is checked against, and in which zone its times are read. */
type HostFormSender = { lang: Locale; userId: string; hostId: string; timeZone: string };

/** The one-off session form, new (`sessionId` null) or editing a session, which then does not overlap itself. */
export function readSessionForm(request: Request, deps: Deps, form: HostFormSender & { sessionId: string | null }) {
  const { lang, userId, hostId, timeZone, sessionId } = form;
  return readHostForm(request, deps, {
    userId,
    target: { kind: "session", sessionId },
    schema: sessionFormSchema({ now: deps.now, timeZone }),
    conflicts: (v) => sessionConflicts(deps, hostId, { date: v.date, time: v.time, duration: v.duration, timeZone, sessionId: sessionId ?? undefined }, lang),
    seller: { hostId, priceCents: formPrice },
  });
}

/** The series form, new (`existing` null) or editing a series, whose own sessions that move do not count as busy. */
export function readSeriesForm(request: Request, deps: Deps, form: HostFormSender & { existing: { id: string; startDate: string; frequency: string } | null }) {
  const { lang, userId, hostId, timeZone, existing } = form;
  return readHostForm(request, deps, {
    userId,
    target: { kind: "series" },
    schema: seriesFormSchema({ now: deps.now, timeZone, existing: existing ?? undefined }),
    conflicts: (v) => seriesConflicts(deps, seriesRowFromForm(hostId, timeZone, v), existing?.id ?? null, lang),
    seller: { hostId, priceCents: formPrice },
  });
}
