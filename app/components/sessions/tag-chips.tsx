import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field } from "#app/components/ui/field";
import { freeTagText, predefinedTags, tagLabel } from "#app/modules/catalog/tags";
import type { Locale } from "#app/modules/i18n/config";
import { initialList, initialText } from "./initial-values";

/*
 * On a 360 px phone the 34 chips must wrap several to a row (one per row made /create about
 * 5,100 px tall): small type and padding, and the checkbox itself visually hidden (still focusable
 * and announced); the chip shows its state by a check mark, a border and bold text, not by colour
 * alone, and a focus ring.
 */
const tagChipList = "mt-1 flex flex-wrap gap-1.5 sm:gap-2";
const tagChip =
  "inline-flex min-h-9 max-w-full cursor-pointer items-center gap-1 rounded-full border border-stone-300 px-2.5 text-xs leading-tight sm:px-3 sm:text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold has-[:checked]:before:content-['✓'] has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-1";
const tagChipBox = "sr-only";

export type TagFieldName = "tags" | "tagsOther";

type Props = {
  tags: FieldMetadata<string | string[]>;
  tagsOther: FieldMetadata<string | string[]>;
  lang: Locale;
  /** The form's own limit ("Up to 10…" or "Up to 5."). */
  hint: string;
  /** The series form names the group with its limit (a screen reader says it on entering the chips); the session form shows it as a line under the legend. */
  hintInLegend?: boolean;
};

/**
 * The tags of the session and series forms: the predefined ones as chips, then the free ones as
 * comma-separated text. A failed submit shows what was sent; otherwise the saved free tags are
 * the stored names that are no predefined tag.
 */
export function TagChips({ tags, tagsOther, lang, hint, hintInLegend = false }: Props) {
  const { t } = useTranslation("sessions");
  const picked = new Set(initialList(tags.initialValue));
  const freeTags = initialText(tagsOther.initialValue) ?? freeTagText([...picked]);
  return (
    <>
      <fieldset>
        {hintInLegend ? (
          <legend className="text-sm font-medium text-stone-800">
            {t("form.tags")} <span className="text-xs text-stone-600">{hint}</span>
          </legend>
        ) : (
          <>
            <legend className="text-sm font-medium text-stone-800">{t("form.tags")}</legend>
            <p className="text-xs text-stone-600">{hint}</p>
          </>
        )}
        <div className={tagChipList}>
          {predefinedTags.map((tag) => (
            <label key={tag.id} className={tagChip}>
              <input type="checkbox" name="tags" value={tag.id} defaultChecked={picked.has(tag.id)} className={tagChipBox} />
              <span aria-hidden="true">{tag.emoji}</span> {tagLabel(tag, lang)}
            </label>
          ))}
        </div>
        <ErrorList id={tags.errorId} errors={tags.errors} />
      </fieldset>
      <Field label={t("form.otherTags")} inputProps={{ name: tagsOther.name, type: "text", defaultValue: freeTags, maxLength: 200 }} />
    </>
  );
}
