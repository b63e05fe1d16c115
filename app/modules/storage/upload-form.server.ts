import type { SubmissionResult } from "@conform-to/react";
import type { Storage } from "#app/services/storage/storage";
import { prepareImage, storeImage } from "./images.server";
import { checkImage, type ImageProblem, type ImageTarget, ownImageUrl } from "./rules";

/** Names the session and series forms use for the file and the "remove image" box. */
export const IMAGE_FIELD = "image";
export const REMOVE_IMAGE_FIELD = "removeImage";
const IMAGE_URL_FIELD = "imageUrl";

export type FormWithImage = { formData: FormData; imageProblem: ImageProblem | null };

/** A file as the request's reader hands it over: its first bytes, its size, and its bytes unless it was too large to keep. */
export type UploadedImage = { fileName: string; head: Uint8Array; size: number; bytes: Uint8Array | null };

/**
 * Settles the image of a session or series form, with or without a new file (the body itself is
 * read in app/web, which cuts short one too large, and hands over the fields and the file). The `imageUrl`
 * the form sends back (the image it already has) must be one of our stored images, else
 * `imageUrlInvalid`. A new file is checked at once, but stored only when `isValid` accepts the
 * rest of the form: a form that fails stores nothing (no orphan files from bad submits), and a
 * form without JavaScript, whose file input the browser empties, gets `imagePickAgain`. Once
 * stored, its URL is put in `imageUrl`, so an overlap warning's "Save anyway" keeps it.
 */
export async function settleFormImage(
  formData: FormData,
  image: UploadedImage | null,
  ctx: { storage: Storage; now: Date; userId: string; target: ImageTarget; isValid: (formData: FormData) => boolean },
): Promise<FormWithImage> {
  if (formData.get(REMOVE_IMAGE_FIELD) === "on") formData.delete(IMAGE_URL_FIELD);
  formData.delete(REMOVE_IMAGE_FIELD);
  formData.delete(IMAGE_FIELD);
  const kept = formData.get(IMAGE_URL_FIELD);
  if (typeof kept === "string" && kept !== "") {
    const own = ownImageUrl(kept, ctx.storage.bases);
    if (!own) {
      formData.delete(IMAGE_URL_FIELD);
      return { formData, imageProblem: { key: "imageUrlInvalid" } };
    }
    formData.set(IMAGE_URL_FIELD, own);
  } else formData.delete(IMAGE_URL_FIELD);
  if (!image) return { formData, imageProblem: null };

  const problem = checkImage(image);
  if (problem || !image.bytes) return { formData, imageProblem: problem ?? { key: "imageTooLarge", bytes: image.size } };
  const prepared = await prepareImage(image.bytes);
  if (!prepared) return { formData, imageProblem: { key: "imageInvalidType" } };
  if (!ctx.isValid(formData)) return { formData, imageProblem: { key: "imagePickAgain" } };
  try {
    formData.set(
      IMAGE_URL_FIELD,
      await storeImage(ctx.storage, { userId: ctx.userId, target: ctx.target, fileName: image.fileName, image: prepared, now: ctx.now }),
    );
  } catch (error) {
    console.error("image upload failed", error);
    return { formData, imageProblem: { key: "imageUploadFailed" } };
  }
  return { formData, imageProblem: null };
}

/** What the session and series forms read back: conform's result plus the image's problem. */
export type ImageFormResult = SubmissionResult<string[]> & { imageProblem?: ImageProblem | null };

/** The form again with what was typed and what was wrong, the image included (the route answers it with a 400). */
export function imageFormReply(
  submission: { reply: (options?: { fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]> },
  imageProblem: ImageProblem | null,
) {
  const result: ImageFormResult = { ...submission.reply(imageProblem ? { fieldErrors: { [IMAGE_FIELD]: [imageProblem.key] } } : undefined), imageProblem };
  return result;
}

/**
 * For the JSON API: `imageUrl` as stored when it is one of our uploaded images (an older absolute
 * local address comes back as the current one), or the message of a 400.
 */
export function checkApiImageUrl<T extends { imageUrl?: string | null }>(input: T, storage: Storage): { ok: true; value: T } | { ok: false; error: string } {
  if (input.imageUrl === undefined || input.imageUrl === null || input.imageUrl === "")
    return { ok: true, value: input.imageUrl === "" ? { ...input, imageUrl: null } : input };
  const own = ownImageUrl(input.imageUrl, storage.bases);
  return own ? { ok: true, value: { ...input, imageUrl: own } } : { ok: false, error: "imageUrl must be an image uploaded to Mesa" };
}
