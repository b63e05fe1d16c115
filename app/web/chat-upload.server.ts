import { ATTACHMENT_FIELD, ATTACHMENT_MAX_BYTES } from "#app/modules/chat/attachments.rules";
import { isBodyTooLarge, readFormWithFile } from "./multipart.server";

/**
 * A chat message's body (decision record 092): its fields and, when one was picked, its file held
 * whole (at most 10 MB). A file past 10 MB stops the reading at once: `tooLarge`, answered 413
 * beside the form or in the API's error, never after reading the rest.
 */
export async function readChatMessageBody(request: Request) {
  try {
    const read = await readFormWithFile(request, { name: ATTACHMENT_FIELD, keepBytes: ATTACHMENT_MAX_BYTES, headBytes: 16, maxBytes: ATTACHMENT_MAX_BYTES });
    return { tooLarge: false as const, ...read };
  } catch (error) {
    if (isBodyTooLarge(error)) return { tooLarge: true as const };
    throw error;
  }
}
