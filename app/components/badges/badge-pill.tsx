import { useId } from "react";
import { useTranslation } from "react-i18next";
import { type BadgeCategory, BADGES, isBadgeId } from "#app/modules/badges/catalogue";

export type BadgePillSize = "sm" | "md" | "lg";

/** Dark text on a pale tint of the category's colour: each pair is above 8:1 (WCAG AA asks 4.5:1). */
const categoryColours: Record<BadgeCategory, string> = {
  dm: "bg-violet-100 text-violet-900 ring-violet-300",
  player: "bg-sky-100 text-sky-900 ring-sky-300",
  both: "bg-amber-100 text-amber-900 ring-amber-300",
};

const sizes: Record<BadgePillSize, string> = {
  sm: "gap-1 px-2 py-0.5 text-xs",
  md: "gap-1.5 px-2.5 py-1 text-sm",
  lg: "gap-2 px-3 py-1.5 text-base",
};

/**
 * A badge: icon and translated name, with its description as a tooltip. The tooltip is plain CSS,
 * so it works on pages served without scripts: it shows while the pill is hovered or has focus
 * (keyboard, or a tap on a phone, which focuses it), and screen readers get it through
 * aria-describedby. It stays open while the pointer is over it, so it can be read. An id that is
 * not in the catalogue (an old or mistyped one from the API) renders nothing.
 */
export function BadgePill({ id, size = "md" }: { id: string; size?: BadgePillSize }) {
  const { t } = useTranslation("badges");
  const tooltipId = useId();
  if (!isBadgeId(id)) return null;
  const badge = BADGES[id];
  return (
    // Not positioned itself: the tooltip spans the list the pills sit in (a positioned <ul>), so a pill
    // near the right edge of a 360 px screen never pushes it past the edge.
    <span className="group inline-flex">
      <span
        tabIndex={0}
        aria-describedby={tooltipId}
        data-badge={id}
        data-category={badge.category}
        className={`inline-flex items-center rounded-full font-medium ring-1 ring-inset focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${categoryColours[badge.category]} ${sizes[size]}`}
      >
        <span aria-hidden="true">{badge.icon}</span>
        <span>{t(`names.${id}`)}</span>
      </span>
      <span
        role="tooltip"
        id={tooltipId}
        className="invisible absolute inset-x-0 top-full z-20 mt-1 rounded-md bg-gray-900 px-2.5 py-1.5 text-xs font-normal leading-snug text-white shadow-lg group-focus-within:visible group-hover:visible"
      >
        {t(`descriptions.${id}`)}
      </span>
    </span>
  );
}
