import { parseWithZod } from "@conform-to/zod";
import type { z, ZodTypeAny } from "zod";
import type { Deps } from "#app/modules/deps.server";
import type { ImageTarget } from "#app/modules/storage/rules";
import { imageFormReply, readFormWithImage } from "#app/modules/storage/upload-form.server";
import { parseForm } from "#app/web/form.server";
import { confirmed, type ConflictReport } from "./conflicts.server";

/** Helper fields the forms send beside the schema's own, echoed back so a failed submit keeps them. */
const ECHOED = ["durationCustom", "tagsOther"];

type Steps<Schema extends ZodTypeAny> = {
  /** Who sends the form: a new image is stored under their name. */
  userId: string;
  target: ImageTarget;
  schema: Schema;
  /** The host's other sessions the valid form would overlap. */
  conflicts: (value: z.output<Schema>) => Promise<ConflictReport>;
};

/**
 * What the session and series forms do before they save, once the route has checked who may
 * send them: read the form and its image (stored only when the rest is valid), validate it, and
 * stop at an overlap the host has not confirmed. Either the valid submission, or the form's reply
 * with what was typed ('invalid', a 400) or with the overlap to confirm ('conflict', a 409).
 */
export async function readHostForm<Schema extends ZodTypeAny>(request: Request, deps: Pick<Deps, "storage" | "now">, steps: Steps<Schema>) {
  const { formData, imageProblem } = await readFormWithImage(request, {
    storage: deps.storage,
    now: deps.now,
    userId: steps.userId,
    target: steps.target,
    isValid: (f) => parseWithZod(f, { schema: steps.schema }).status === "success",
  });
  const submission = parseForm(formData, { schema: steps.schema, echo: ECHOED });
  if (imageProblem || submission.status !== "success")
    return { ok: false as const, refusal: "invalid" as const, reply: imageFormReply(submission, imageProblem) };
  // A warning, not a refusal: "Save anyway" sends back the token of the overlaps the host saw.
  const overlap = await steps.conflicts(submission.value);
  if (!confirmed(formData, overlap)) return { ok: false as const, refusal: "conflict" as const, reply: { ...submission.reply(), overlap } };
  return { ok: true as const, submission };
}
