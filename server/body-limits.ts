import type { Request } from "express";

/** How large a body each kind of request may send (server/request-guards.ts refuses the rest with a 413). */
export const BODY_LIMITS = {
  /** JSON bodies and the sign-in, sign-up and password forms. */
  small: 64 * 1024,
  /** Every other form. */
  form: 1024 * 1024,
  /** Multipart forms with an image; the upload reader enforces the 5 MB image limit itself. */
  upload: 64 * 1024 * 1024,
  /**
   * A chat message with an image or file (decision record 092): the 10 MB file, its caption and
   * the multipart framing. The upload reader stops at once when the file itself passes 10 MB.
   */
  chatUpload: 10 * 1024 * 1024 + 64 * 1024,
} as const;

const authForms = /^\/[^/]+\/(?:login|signup|logout|forgot-password|reset-password|settings\/password|auth\/[^/]+)(?:\.data)?$/;
/**
 * Forms whose fields answer a NUL byte themselves, next to the field and with the text kept (their
 * schema refuses control characters): a chat message is typed or pasted by a person who should see
 * what was wrong with it rather than an error page. PostgreSQL never sees the NUL either way.
 */
export const fieldCheckedForms = /^\/[^/]+\/chats\/[^/]+(?:\.data)?$/;
const uploadForms = /^\/[^/]+\/(?:create|series\/new|session\/[^/]+\/edit|series\/[^/]+\/edit)(?:\.data)?$/;
/**
 * A chat's page and its messages API, posting a message with an attachment: streamed to the upload
 * reader (a file's bytes may hold NUL bytes; the caption's schema refuses them next to the field).
 */
const chatUploads = /^(?:\/[^/]+\/chats\/[^/]+(?:\.data)?|\/api\/chats\/[^/]+\/messages)$/;

/** The largest body this request may send. */
export function bodyLimit(req: Pick<Request, "path">, mediaType: string): number {
  if (mediaType === "multipart/form-data" && chatUploads.test(req.path)) return BODY_LIMITS.chatUpload;
  if (mediaType === "multipart/form-data" && uploadForms.test(req.path)) return BODY_LIMITS.upload;
  if (req.path.startsWith("/api/") || mediaType === "application/json" || mediaType.endsWith("+json") || authForms.test(req.path)) return BODY_LIMITS.small;
  return BODY_LIMITS.form;
}
