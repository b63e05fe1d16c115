import { useTranslation } from "react-i18next";
import { CommentField, StarsField } from "#app/components/reviews/review-fields";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { RequestKeyField } from "#app/components/ui/request-key-field";

export type ReviewAction = {
  name: string;
  href: string;
  state: "open" | "reviewed" | "removed" | "verifyEmail";
  role: "DM" | "PLAYER";
  targetId: string;
};

/**
 * The review buttons of a past session (spec section 4): one per person the viewer may review;
 * someone already reviewed shows the disabled 'already reviewed' state, with the way to edit. A
 * review an admin deleted shows why there is no button; a viewer whose email is not verified sees
 * disabled buttons and the way to verify it (decision record 069).
 */
export function ReviewActions({ actions, verifyEmailHref }: { actions: ReviewAction[]; verifyEmailHref: string | null }) {
  const { t } = useTranslation("reviews");
  if (actions.length === 0) return null;
  return (
    <section aria-labelledby="review-actions-heading" className="space-y-3 rounded-lg border border-stone-200 bg-white p-5">
      <h2 id="review-actions-heading" className="font-semibold">
        {t("titleClosed")}
      </h2>
      {verifyEmailHref ? (
        <p id="review-verify-note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          {t("errors.emailNotVerified")}{" "}
          <Link to={verifyEmailHref} className="font-semibold underline">
            {t("verifyEmail")}
          </Link>
        </p>
      ) : null}
      <ul className="space-y-2">
        {actions.map((a) => (
          <li key={a.href} className="flex flex-wrap items-center gap-2">
            {a.state === "verifyEmail" ? (
              <span aria-disabled="true" aria-describedby="review-verify-note" className={buttonClass("secondary", "cursor-not-allowed opacity-60")}>
                {t("actions.review", { name: a.name })}
              </span>
            ) : a.state === "removed" ? (
              <>
                <span aria-disabled="true" className={buttonClass("secondary", "cursor-not-allowed opacity-60")}>
                  {t("actions.reviewed", { name: a.name })}
                </span>
                <span className="text-sm text-stone-600">{t("actions.removed")}</span>
              </>
            ) : a.state === "reviewed" ? (
              <>
                <span aria-disabled="true" className={buttonClass("secondary", "cursor-not-allowed opacity-60")}>
                  {t("actions.reviewed", { name: a.name })}
                </span>
                <Link to={a.href} className="text-sm text-brand-700 underline">
                  {t("actions.edit", { name: a.name })}
                </Link>
              </>
            ) : (
              <ReviewDialogLink action={a} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The review as a dialog with JavaScript (the root's DialogOpener opens any [data-dialog] link),
 * and as its own page without: the link leads there, and the dialog's form posts to that page,
 * which shows any error with what was typed.
 */
function ReviewDialogLink({ action: a }: { action: ReviewAction }) {
  const { t } = useTranslation("reviews");
  const dialogId = `review-${a.targetId}`;
  return (
    <>
      <Link to={a.href} data-dialog={dialogId} aria-haspopup="dialog" className={buttonClass("primary")}>
        {t("actions.review", { name: a.name })}
      </Link>
      <dialog
        id={dialogId}
        aria-labelledby={`${dialogId}-title`}
        className="w-[calc(100%-2rem)] max-w-md rounded-lg bg-white p-6 shadow-xl backdrop:bg-stone-900/50"
      >
        <h2 id={`${dialogId}-title`} className="text-lg font-bold">
          {t(a.role === "DM" ? "titleForDm" : "titleForPlayer", { name: a.name })}
        </h2>
        <form method="post" action={a.href} className="mt-4 space-y-4">
          <RequestKeyField />
          <StarsField name="rating" />
          <CommentField textarea={{ id: `${dialogId}-comment`, name: "comment" }} counterId={`${dialogId}-limit`} rows={4} />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="submit" formMethod="dialog" formNoValidate className={buttonClass("secondary")}>
              {t("cancel")}
            </button>
            <button type="submit" className={buttonClass("primary")}>
              {t("submit")}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
