import type { z, ZodTypeAny } from "zod";
import type { Requester } from "#app/modules/auth/session.server";
import type { GroupRefusal } from "#app/modules/chat/groups.server";
import { apiWords, readBody } from "./api.server";
import { groupRefusalMessage } from "./group-refusals";
import { apiRefused } from "./replies.server";

/**
 * A group call's JSON body, checked by its strict schema (`memberIds` the one list allowed): the
 * value, or the 400 to answer with the first problem in words and its field.
 */
export async function groupBody<S extends ZodTypeAny>(
  request: Request,
  user: Requester,
  schema: S,
): Promise<{ ok: true; value: z.infer<S> } | { ok: false; reply: Response }> {
  const parsed = schema.safeParse((await readBody(request, { lists: ["memberIds"] })) ?? {});
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const t = apiWords(request, user);
  const field = issue?.path[0];
  // An unknown field or a wrong type has no key of ours: it is named plainly.
  const message = issue?.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : t(issue?.message ?? "groupPeopleInvalid");
  return { ok: false, reply: apiRefused("invalid", { error: message, field: typeof field === "string" ? field : null }) };
}

/** A refused group change, as the group pages word it. */
export function groupRefusalReply(request: Request, user: Requester, refusal: GroupRefusal) {
  const { key, field, refusal: kind } = groupRefusalMessage(refusal.status);
  const t = apiWords(request, user);
  const extra = "userIds" in refusal ? { userIds: refusal.userIds } : {};
  return apiRefused(kind, { error: t(key, { max: "max" in refusal ? refusal.max : undefined }), field, ...extra });
}
