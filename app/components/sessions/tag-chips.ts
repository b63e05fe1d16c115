/**
 * Classes of the tag chips on the session and series forms. On a 360 px phone the 34 chips must
 * wrap several to a row (one per row made /create about 5,100 px tall): small type and padding,
 * and the checkbox itself visually hidden (still focusable and announced); the chip shows its
 * state by a check mark, a border and bold text, not by colour alone, and a focus ring.
 */
export const tagChipList = "mt-1 flex flex-wrap gap-1.5 sm:gap-2";
export const tagChip =
  "inline-flex min-h-9 max-w-full cursor-pointer items-center gap-1 rounded-full border border-stone-300 px-2.5 text-xs leading-tight sm:px-3 sm:text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold has-[:checked]:before:content-['✓'] has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-1";
export const tagChipBox = "sr-only";
