import type { LoaderFunctionArgs } from "@remix-run/node";
import { attachmentDisposition, copySizeOf } from "#app/modules/chat/attachments.rules";
import { readAttachment } from "#app/modules/chat/attachments.server";
import { deps } from "#app/modules/deps.server";
import { requireApiUser } from "#app/web/api.server";
import { apiRefusal } from "#app/web/replies.server";

/**
 * GET /api/chats/{chatId}/attachments/{id}?size=400: a chat's image or file, for a member of the
 * chat as it is now (decision record 092); anyone else, another chat's id and a missing one alike
 * get a 404. Nothing is ever rendered by the browser as a page of ours: images go out as WebP with
 * nosniff, files (PDF, text) only as downloads, under a sandbox policy that runs nothing.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const size = copySizeOf(new URL(request.url).searchParams.get("size"));
  const file = await readAttachment(deps(context), user, params.id, params.attachmentId, size);
  if (!file) return apiRefusal("notFound", "Attachment not found");
  const headers = new Headers({
    "Content-Type": file.contentType === "text/plain" ? "text/plain; charset=utf-8" : file.contentType,
    "Content-Length": String(file.size),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (file.kind === "image") {
    // Copies never change under their id; a removed member keeps at most this hour of what they already saw.
    headers.set("Cache-Control", "private, max-age=3600");
  } else {
    headers.set("Cache-Control", "private, no-store");
    headers.set("Content-Disposition", attachmentDisposition(file.fileName));
  }
  return new Response(request.method === "HEAD" ? null : file.body, { headers });
}
