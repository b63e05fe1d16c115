import type { SubmissionResult } from "@conform-to/react";
import { data, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import type { Storage } from "#app/services/storage/storage";
import { readForm } from "#app/utils/form.server";
import { prepareImage, storeImage } from "./images.server";
import { checkImage, IMAGE_MAX_BYTES, IMAGE_SIGNATURE_BYTES, type ImageProblem, type ImageTarget, ownImageUrl } from "./rules";

/** Names the session and series forms use for the file and the "remove image" box. */
export const IMAGE_FIELD = "image";
export const REMOVE_IMAGE_FIELD = "removeImage";
const IMAGE_URL_FIELD = "imageUrl";

/**
 * What a multipart form may hold besides its image, all of it kept in memory until the action
 * reads it. The session and series forms send a few dozen fields, none over a few thousand
 * characters (4 bytes each at worst); past these the request is cut short (413), so a stranger
 * can make the server hold 128 KB of text, not 64 MB.
 */
export const MULTIPART_LIMITS = { parts: 100, fieldBytes: 16 * 1024, textBytes: 128 * 1024 } as const;
/** Past this the request is cut short (413): an image over 5 MB is still read to the end to report its size. */
const BODY_MAX_BYTES = 64 * 1024 * 1024;

type ImagePart = { fileName: string; head: Uint8Array; size: number; bytes: Uint8Array | null };

class BodyTooLarge extends Error {}

function concat(chunks: Uint8Array[]) {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * Streams a multipart body: text fields as strings, the image into memory only while it is
 * within the limit (past it, just its size and first bytes are kept), any other file dropped.
 */
async function readMultipart(request: Request) {
  let image: ImagePart | null = null;
  let total = 0;
  let textTotal = 0;
  let parts = 0;
  const handler: UploadHandler = async ({ name, filename, data: stream }) => {
    parts += 1;
    if (parts > MULTIPART_LIMITS.parts) throw new BodyTooLarge();
    const isText = filename === undefined;
    const isImage = !isText && name === IMAGE_FIELD && image === null;
    const chunks: Uint8Array[] = [];
    let head = new Uint8Array(0);
    let size = 0;
    for await (const chunk of stream) {
      size += chunk.byteLength;
      total += chunk.byteLength;
      if (isText) textTotal += chunk.byteLength;
      if (total > BODY_MAX_BYTES || (isText && (size > MULTIPART_LIMITS.fieldBytes || textTotal > MULTIPART_LIMITS.textBytes))) throw new BodyTooLarge();
      if (isImage && head.byteLength < IMAGE_SIGNATURE_BYTES) head = concat([head, chunk.subarray(0, IMAGE_SIGNATURE_BYTES - head.byteLength)]);
      if (isText || (isImage && size <= IMAGE_MAX_BYTES)) chunks.push(chunk);
      else if (chunks.length) chunks.length = 0; // over the limit: only the size is needed now
    }
    if (isText) return new TextDecoder().decode(concat(chunks));
    // An empty file input still sends a part, with no file name and no bytes.
    if (isImage && size > 0) image = { fileName: filename, size, head, bytes: size <= IMAGE_MAX_BYTES ? concat(chunks) : null };
    return undefined;
  };
  try {
    const formData = await unstable_parseMultipartFormData(request, handler);
    return { formData, image: image as ImagePart | null };
  } catch (error) {
    if (error instanceof BodyTooLarge) throw data({ message: "Request body too large" }, { status: 413 });
    throw data({ message: "Malformed form body" }, { status: 400 });
  }
}

export type FormWithImage = { formData: FormData; imageProblem: ImageProblem | null };

/**
 * Reads a session or series form, with or without an image (multipart or not). The `imageUrl`
 * the form sends back (the image it already has) must be one of our stored images, else
 * `imageUrlInvalid`. A new file is checked at once, but stored only when `isValid` accepts the
 * rest of the form: a form that fails stores nothing (no orphan files from bad submits), and a
 * form without JavaScript, whose file input the browser empties, gets `imagePickAgain`. Once
 * stored, its URL is put in `imageUrl`, so an overlap warning's "Save anyway" keeps it.
 */
export async function readFormWithImage(
  request: Request,
  ctx: { storage: Storage; now: Date; userId: string; target: ImageTarget; isValid: (formData: FormData) => boolean },
): Promise<FormWithImage> {
  const multipart = (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
  const { formData, image } = multipart ? await readMultipart(request) : { formData: await readForm(request), image: null };
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
