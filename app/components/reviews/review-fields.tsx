import type { TextareaHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "#app/components/ui/field";
import { DEFAULT_RATING, RATING_MAX, RATING_MIN, REVIEW_COMMENT_MAX } from "#app/modules/reviews/rules";

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/**
 * The stars of a review (spec section 2, "Review dialog"): plain radios in the surrounding form, so the
 * choice is sent without JavaScript; the stars are drawn by their labels and named for screen readers.
 * The review page and the session page's review dialog both use it, so they cannot drift apart.
 */
export function StarsField({
  name,
  checked = DEFAULT_RATING,
  disabled,
  errorId,
  errors,
}: {
  name: string;
  /** The rating selected when the form renders: 5 unless the person chose (or saved) another. */
  checked?: number | string;
  disabled?: boolean;
  /** Given where the form shows field errors (the page, after a round trip); the dialog has none. */
  errorId?: string;
  errors?: string[];
}) {
  const { t } = useTranslation("reviews");
  return (
    <fieldset aria-describedby={errorId} disabled={disabled}>
      <legend className="text-sm font-medium text-stone-800">{t("rating")}</legend>
      {/* The fewest stars first reads naturally aloud and still lines up left to right at 360 px. */}
      <div className="mt-2 flex flex-wrap gap-2">
        {STARS.map((stars) => (
          <label
            key={stars}
            className="flex min-h-11 cursor-pointer items-center gap-1 rounded-md border border-stone-300 px-3 has-[:checked]:border-amber-600 has-[:checked]:bg-amber-50"
          >
            <input type="radio" name={name} value={stars} defaultChecked={String(checked) === String(stars)} className="accent-amber-600" />
            <span aria-hidden="true" className="text-amber-600">
              {"★".repeat(stars)}
            </span>
            <span className="sr-only">{t("stars", { count: stars })}</span>
          </label>
        ))}
      </div>
      {errorId ? <ErrorList id={errorId} errors={errors} /> : null}
    </fieldset>
  );
}

/**
 * The review's comment: at most 1000 characters, enforced by `maxlength` here and by the server. The line
 * under it states the limit; where the page adds `commentCounterScript`, it counts as the person types.
 */
export function CommentField({
  textarea,
  counterId,
  rows,
  errorId,
  errors,
}: {
  /** The textarea's own attributes (id and name at least; conform's props on the page). */
  textarea: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; name: string };
  counterId: string;
  rows: number;
  errorId?: string;
  errors?: string[];
}) {
  const { t } = useTranslation("reviews");
  return (
    <div className="space-y-1">
      <label htmlFor={textarea.id} className="block text-sm font-medium text-stone-800">
        {t("comment")}
      </label>
      <textarea
        {...textarea}
        maxLength={REVIEW_COMMENT_MAX}
        rows={rows}
        aria-describedby={errorId ? `${errorId} ${counterId}` : counterId}
        className="block w-full rounded-md border border-stone-400 px-3 py-2 text-base"
      />
      <p id={counterId} className="text-xs text-stone-600" data-limit={t("limit")} data-counter={t("counter", { count: 0 })}>
        {t("limit")}
      </p>
      {errorId ? <ErrorList id={errorId} errors={errors} /> : null}
    </div>
  );
}

// "N of 1000 characters" as the person types, for a page without hydration (an inline script);
// without script the limit is stated and enforced by maxlength and the server.
export const commentCounterScript = (
  textareaId: string,
  counterId: string,
) => `(function(){var a=document.getElementById(${JSON.stringify(textareaId)}),c=document.getElementById(${JSON.stringify(counterId)});
if(!a||!c)return;var tpl=c.dataset.counter||"";function show(){c.textContent=tpl.replace(/\\d+/,String(a.value.length))}
a.addEventListener("input",show);show()})();`;
