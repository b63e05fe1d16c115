import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, methodNotAllowed, readBody, requireApiUser } from "#app/modules/api/api.server";
import { deps } from "#app/modules/deps.server";
import { bookGroup } from "#app/modules/groups/groups.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { recipientLang } from "#app/modules/i18n/rules";

export const loader = () => methodNotAllowed("POST");

const STATUS = { invalid: 400, notFound: 404, closed: 409, ownSession: 403, private: 403, notFree: 409, notEnoughSeats: 409, alreadyHeld: 409 } as const;

/**
 * POST /api/sessions/{id}/group-booking {guests: [{name, email}, ...]} (1-6 guests; decision record
 * 062): seats for a group in a free session, all or none. 201 with the held seats; otherwise the
 * error in the requester's language, with `fields` naming each bad row's fields.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request);
  const body = await readBody(request, { lists: ["guests"] });
  if (!body) return apiError("Invalid JSON body", 400);
  const result = await bookGroup(deps(context), user, params.id ?? "", body.guests);
  if (result.ok)
    return apiJson({ success: true, seats: result.seats.map((s) => ({ id: s.id, name: s.guest_name, email: s.guest_email, status: "HELD" })) }, 201);
  const t = translator(recipientLang(user.preferredLanguage), "groups");
  const key = result.reading?.form ?? `errors.${result.refusal}`;
  const fields = (result.reading?.rows ?? []).flatMap((row, i) =>
    Object.entries(row).map(([field, message]) => ({ path: `guests[${i}].${field}`, message: t(message as string) })),
  );
  return apiJson({ success: false, error: t(key, { count: result.seatsLeft ?? 0 }), fields }, STATUS[result.refusal]);
}
