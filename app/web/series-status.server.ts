import type { AppLoadContext } from "@remix-run/node";
import type { Requester } from "#app/modules/auth/session.server";
import type { Locale } from "#app/modules/i18n/config";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { payDeps } from "#app/modules/payments/payments.server";
import type { SeriesChange } from "#app/modules/series/rules";
import { changeSeriesStatus } from "#app/modules/series/status.server";
import { throwPageRefusal } from "#app/web/refusals.server";
import { redirectWithToast } from "#app/web/toast.server";

const doneToast = { pause: "paused", resume: "resumed", cancel: "cancelled" } as const;

/**
 * A series page's Pause, Resume and Cancel forms (and the cancel confirmation page): the one use
 * case, then back to the series page with a toast saying what happened or why not. Another
 * user's request is the 403 guard screen, an unknown series the 404 page.
 */
export async function seriesStatusFormReply(context: AppLoadContext, user: Requester, lang: Locale, id: string, change: SeriesChange) {
  const back = localePath(lang, `/series/${id}`);
  const result = await changeSeriesStatus(payDeps(context), user, id, change);
  if (result.ok) return redirectWithToast(back, { type: "success", key: `sessions:seriesStatus.toasts.${doneToast[change]}` });
  if (result.refusal !== "conflict") return throwPageRefusal(result.refusal, back);
  const reason = translator(lang, "sessions")(`seriesStatus.errors.${result.error}`);
  return redirectWithToast(back, { type: "error", key: "sessions:seriesStatus.toasts.failed", params: { reason } });
}
