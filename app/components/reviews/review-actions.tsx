import { useTranslation } from "react-i18next";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";

export type ReviewAction = { name: string; href: string; reviewed: boolean; role: "DM" | "PLAYER"; targetId: string };

/**
 * The review buttons of a past session (spec section 4): one per person the viewer may review;
 * someone already reviewed shows the disabled 'already reviewed' state, with the way to edit.
 */
export function ReviewActions({ actions }: { actions: ReviewAction[] }) {
  const { t } = useTranslation("reviews");
  if (actions.length === 0) return null;
  return (
    <section aria-labelledby="review-actions-heading" className="space-y-3 rounded-lg border border-stone-200 bg-white p-5">
      <h2 id="review-actions-heading" className="font-semibold">
        {t("titleClosed")}
      </h2>
      <ul className="space-y-2">
        {actions.map((a) => (
          <li key={a.href} className="flex flex-wrap items-center gap-2">
            {a.reviewed ? (
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
          <fieldset>
            <legend className="text-sm font-medium text-stone-800">{t("rating")}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {[1, 2, 3, 4, 5].map((stars) => (
                <label
                  key={stars}
                  className="flex min-h-11 cursor-pointer items-center gap-1 rounded-md border border-stone-300 px-2 has-[:checked]:border-amber-600 has-[:checked]:bg-amber-50"
                >
                  <input type="radio" name="rating" value={stars} defaultChecked={stars === 5} className="accent-amber-600" />
                  <span aria-hidden="true" className="text-amber-600">
                    {"★".repeat(stars)}
                  </span>
                  <span className="sr-only">{t("stars", { count: stars })}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="space-y-1">
            <label htmlFor={`${dialogId}-comment`} className="block text-sm font-medium text-stone-800">
              {t("comment")}
            </label>
            <textarea
              id={`${dialogId}-comment`}
              name="comment"
              maxLength={1000}
              rows={4}
              aria-describedby={`${dialogId}-limit`}
              className="block w-full rounded-md border border-stone-400 px-3 py-2 text-base"
            />
            <p id={`${dialogId}-limit`} className="text-xs text-stone-600">
              {t("limit")}
            </p>
          </div>
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
