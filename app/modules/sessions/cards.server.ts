import { gameLabel } from "#app/modules/catalog/options";
import { isHiddenOnCards, resolveTag, tagLabel } from "#app/modules/catalog/tags";
import type { Locale } from "#app/modules/i18n/config";
import { formatDateTime } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { ratingSummary } from "#app/modules/ratings/rules";
import { normaliseTools } from "#app/modules/safety/rules";
import { publicImage } from "#app/modules/storage/images.server";
import { displayNameOf } from "#app/modules/users/rules";
import type { CardData } from "./card";
import { cardStatus, formatPrice, SERIES_READY_AT } from "./rules";
import type { SearchRow } from "./search-repo.server";

const weekdayCache = new Map<Locale, string[]>();

/**
 * The day names, read once per language: asked per card with returnObjects, i18next made eight
 * lookups each time, 41% of a search page's translation calls.
 */
export function weekdayNames(lang: Locale): string[] {
  let names = weekdayCache.get(lang);
  if (!names) {
    names = translator(lang, "sessions")("weekdays", { returnObjects: true }) as unknown as string[];
    weekdayCache.set(lang, names);
  }
  return names;
}

/** The host's rating link: the average to one decimal and the count; null for a host without reviews. */
function hostRating(sum: number, count: number, dmId: string, lang: Locale): CardData["hostRating"] {
  const summary = ratingSummary(sum, count, lang);
  return summary && { href: `${localePath(lang, `/profile/${dmId}`)}?tab=reviews`, ...summary };
}

/** A search row as a card, in the viewer's language and time zone. */
export function toCard(row: SearchRow, lang: Locale, viewerId: string | null, timeZone: string): CardData {
  const t = translator(lang, "sessions");
  const isSeries = row.series_id !== null;
  const badges: CardData["badges"] = [];
  if (viewerId && row.dm_id === viewerId) badges.push(isSeries ? "yoursSeries" : "yours");
  // A subscriber's series card says so (spec section 4, ownership badge), whatever their next seat's state.
  else if (isSeries && row.subscribed) badges.push("subscribed");
  else if (row.held) badges.push("paymentPending");
  else if (row.joined) badges.push("joined");
  if (isSeries) badges.push("series");
  const startsAt = new Date(row.starts_at);
  const when = formatDateTime(startsAt, lang, timeZone);
  const hostWhen = timeZone !== row.time_zone ? ` (${formatDateTime(startsAt, lang, row.time_zone)})` : "";
  const image = publicImage(row.image_url);
  return {
    id: row.id,
    href: localePath(lang, isSeries ? `/series/${row.series_id}` : `/session/${row.id}`),
    title: row.series_title ?? row.title,
    game: gameLabel(t, row.game),
    imageUrl: image?.src ?? null,
    imageSrcSet: image?.srcSet ?? null,
    when: `${when}${hostWhen}`,
    price: row.price_cents === 0 ? null : `${formatPrice(row.price_cents, row.currency, lang, { wholeUnits: true })} ${row.currency}`,
    seats: t("detail.seatsValue", { booked: row.booked, max: row.max_participants }),
    status: cardStatus({ status: row.status, booked: row.booked, capacity: row.max_participants, readyAt: isSeries ? SERIES_READY_AT : row.min_participants }),
    host: displayNameOf({ displayName: row.dm_display_name }),
    hostBadges: row.host_badges,
    hostRating: hostRating(row.host_rating_sum, row.host_rating_count, row.dm_id, lang),
    badges,
    safetyTools: normaliseTools(row.safety_tools).map((tool) => translator(lang, "safety")(`tools.${tool}`)),
    tags: row.tags
      .filter((name) => !isHiddenOnCards(name))
      .slice(0, 3)
      .map((name) => {
        const tag = resolveTag(name);
        return { id: tag.id, label: tag.predefined ? tagLabel(tag.predefined, lang) : tag.name, emoji: tag.predefined?.emoji ?? "🏷️" };
      }),
    recurrence: isSeries && row.series_day_of_week !== null ? t("card.every", { day: weekdayNames(lang)[row.series_day_of_week] ?? "" }) : null,
    subscribers: isSeries && row.subscribers > 0 ? t("card.subscribers", { count: row.subscribers }) : null,
  };
}
