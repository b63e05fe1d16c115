import { useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isNotSent } from "#app/web/not-sent";
import { Button } from "./button";

/**
 * Rendered inside a hydrated page's `<Form>`: after a send the dropped connection swallowed, says
 * that nothing was saved and that what was typed is still here, with a button that sends the same
 * form again (with the same request key, so a send the server did get acts once).
 */
export function NotSentNotice() {
  const answer = useActionData();
  const { t } = useTranslation("common");
  const busy = useNavigation().state === "submitting";
  if (!isNotSent(answer)) return null;
  return (
    <div role="alert" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-stone-800">
      <p className="font-semibold">{t("offline.notSentInline.title")}</p>
      <p>{t("offline.notSentInline.body")}</p>
      <Button variant="secondary" disabled={busy}>
        {t("offline.notSentInline.retry")}
      </Button>
    </div>
  );
}
