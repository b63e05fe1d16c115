import { GROUP_LIMITS, type TypedGuest } from "#app/modules/groups/rules";
import type { GroupRegistration } from "#app/modules/payments/group-payments.server";

/** The form's rows as typed: each field read with getAll, so a repeated field reaches the rules as a list and is refused there. */
export function formRows(form: FormData) {
  return Array.from({ length: GROUP_LIMITS.guestsMax + 1 }, (_, i) => {
    const one = (field: string) => {
      const values = form.getAll(`guests[${i}].${field}`);
      return values.length > 1 ? values : values[0];
    };
    return { name: one("name"), email: one("email") };
  }).filter((row, i) => i < GROUP_LIMITS.guestsMax || row.name !== undefined || row.email !== undefined);
}

/** A refused registration's page: the rows as typed (as read, or as posted when reading never started), each row's and the form's message. */
export function refusedGroup(form: FormData, result: Extract<GroupRegistration, { ok: false }>) {
  const typed: TypedGuest[] = result.reading?.typed ?? formRows(form).map((r) => ({ name: String(r.name ?? ""), email: String(r.email ?? "") }));
  return {
    typed,
    rows: result.reading?.rows ?? [],
    form: result.reading?.form ?? (result.refusal === "invalid" ? null : `errors.${result.refusal}`),
    seatsLeft: result.seatsLeft ?? 0,
  };
}
