import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "#app/components/ui/button";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import type { SafetyFormState } from "#app/modules/safety/schema";
import { SafetyFields } from "./safety-fields";

export type SeatNote = { editable: boolean; hasNote: boolean; values: SafetyFormState["values"] };

/**
 * The player's own lines and veils on their seat, on the session page: a plain form (it works
 * without scripts) to change them until the session starts, or to remove them. A refused form comes
 * back with every value as typed (`state`).
 */
export function SeatSafetyPanel({ sessionId, note, state }: { sessionId: string; note: SeatNote; state?: SafetyFormState | null }) {
  const { t, i18n } = useTranslation("safety");
  if (!note.editable)
    return note.hasNote ? (
      <p className="rounded-md bg-stone-50 p-3 text-sm text-stone-700" data-testid="seat-safety-closed">
        {t("edit.closed")}
      </p>
    ) : null;
  return (
    <section className="space-y-2 rounded-md border border-stone-200 p-3" aria-labelledby="seat-safety-title" data-testid="seat-safety">
      <h2 id="seat-safety-title" className="font-semibold">
        {t("edit.title")}
      </h2>
      <p className="text-sm text-stone-700">{t("edit.intro")}</p>
      <Form method="post" action={localePath(i18n.language as Locale, `/session/${sessionId}/safety-note`)} className="space-y-3">
        <SafetyFields state={state ?? (note.hasNote ? { values: note.values, errors: [] } : null)} />
        <button type="submit" name="intent" value="save" className={buttonClass("secondary", "w-full")}>
          {t("edit.save")}
        </button>
        {note.hasNote ? (
          <button type="submit" name="intent" value="remove" className={buttonClass("secondary", "w-full")}>
            {t("edit.remove")}
          </button>
        ) : null}
      </Form>
    </section>
  );
}
