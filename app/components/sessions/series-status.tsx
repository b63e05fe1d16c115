import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "#app/components/ui/button";
import { ConfirmLink } from "#app/components/ui/confirm-link";

// The series page's status parts (decision record 053): the banner everyone reads, and the host's box.
const bannerKey: Record<string, string | undefined> = {
  PAUSED: "seriesStatus.pausedBanner",
  CANCELLED: "seriesStatus.cancelledBanner",
  COMPLETED: "seriesStatus.completedBanner",
};

/** What everyone reading the page should know when the series is not running as usual. */
export function StatusBanner({ status }: { status: string }) {
  const { t } = useTranslation("sessions");
  const key = bannerKey[status];
  if (!key) return null;
  const tone = status === "CANCELLED" ? "border-red-200 bg-red-50 text-red-900" : "border-amber-200 bg-amber-50 text-amber-900";
  return (
    <p role="status" className={`rounded-lg border p-4 text-sm ${tone}`}>
      {t(key)}
    </p>
  );
}

/** The host's status box: the status, and Pause or Resume (plain forms) and Cancel (asks first). */
export function StatusControls(props: { title: string; status: string; cancelHref: string; refunds: boolean }) {
  const { t } = useTranslation("sessions");
  const open = props.status === "ACTIVE" || props.status === "PAUSED";
  return (
    <section aria-labelledby="series-status" className="space-y-3 rounded-lg border border-stone-200 bg-white p-5">
      <h2 id="series-status" className="font-semibold">
        {t("seriesStatus.manageTitle")}:{" "}
        <span data-testid="series-status" className="rounded-full bg-stone-100 px-2 py-0.5 text-sm font-normal text-stone-800">
          {t(`seriesStatus.statuses.${props.status}`, { defaultValue: props.status })}
        </span>
      </h2>
      {open ? (
        <>
          <p className="text-sm text-stone-600">{props.status === "ACTIVE" ? t("seriesStatus.pauseHint") : t("seriesStatus.resumeHint")}</p>
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value={props.status === "ACTIVE" ? "pause" : "resume"} />
              <Button variant="secondary">{props.status === "ACTIVE" ? t("seriesStatus.pause") : t("seriesStatus.resume")}</Button>
            </Form>
            <ConfirmLink
              href={props.cancelHref}
              dialogId="cancel-series"
              className={buttonClass("danger")}
              title={t("seriesStatus.cancelTitle", { title: props.title })}
              body={props.refunds ? `${t("seriesStatus.cancelBody")} ${t("seriesStatus.cancelRefund")}` : t("seriesStatus.cancelBody")}
              keepLabel={t("seriesStatus.cancelKeep")}
              confirmLabel={t("seriesStatus.cancelConfirm")}
            >
              {t("seriesStatus.cancel")}
            </ConfirmLink>
          </div>
        </>
      ) : null}
    </section>
  );
}
