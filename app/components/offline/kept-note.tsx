import { useTranslation } from "react-i18next";

/**
 * Hidden on the page as served; the service worker reveals it (by removing `hidden` from this one
 * element, app/islands/service-worker/rules.ts) on a copy it shows without network, so a kept page
 * says when it was saved, and that its payment state is as of then, with no script on the page.
 * `savedAt` is the render's own time: the worker keeps a page right after the server rendered it.
 */
export function KeptNote({ savedAt, payment }: { savedAt: string; payment: boolean }) {
  const { t } = useTranslation("offline");
  return (
    <div data-kept-copy="" hidden className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">{t("kept.savedAt", { time: savedAt })}</p>
      {payment ? <p className="mt-1">{t("kept.paymentAsOf", { time: savedAt })}</p> : null}
    </div>
  );
}
