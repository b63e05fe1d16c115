import { BellIcon, CalendarIcon, CreditCardIcon, DieIcon, StarIcon } from "#app/components/ui/icons";
import type { NotificationCategory } from "#app/modules/notifications/rules";

const icons = { BOOKING: CalendarIcon, SESSION: DieIcon, PAYMENT: CreditCardIcon, SYSTEM: BellIcon, REVIEW: StarIcon } as const;

/** The icon of a notification's rulebook type: SVG, so a phone without an emoji font still draws it. */
export function CategoryIcon({ category, className = "h-5 w-5" }: { category: string; className?: string }) {
  const Icon = icons[category as NotificationCategory] ?? BellIcon;
  return <Icon className={className} />;
}

export const categoriesWithIcons = Object.keys(icons) as NotificationCategory[];
