import { data } from "@remix-run/node";

/**
 * Reads a form body. A body no browser would send (broken multipart, wrong encoding header)
 * becomes a 400 instead of an unhandled error.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: "Malformed form body" }, { status: 400 });
  }
}
