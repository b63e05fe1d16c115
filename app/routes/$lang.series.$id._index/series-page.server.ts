import { getEnv } from "#app/env.server";
import { canManageSeries } from "#app/modules/access/rules";
import type { Requester } from "#app/modules/auth/session.server";
import { tagChips } from "#app/modules/catalog/tags";
import { mayOpenCampaignChat } from "#app/modules/chat/chat.server";
import { plusDays, todayIn } from "#app/modules/dates/day";
import type { Deps } from "#app/modules/deps.server";
import { guestTimeZone, intlLocale, type Locale } from "#app/modules/i18n/config";
import { formatDateTime, zoneName } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { ratingsFor } from "#app/modules/reviews/reviews.server";
import { getSeries, seriesInstructionsFor } from "#app/modules/series/series.server";
import { formatPrice } from "#app/modules/sessions/rules";
import { publicImage } from "#app/modules/storage/images.server";
import { detailImage } from "#app/modules/storage/rules";
import { seriesSubscriptionPanel } from "#app/modules/subscriptions/series-panel.server";
import { displayNameOf } from "#app/modules/users/rules";

/**
 * What a series' page shows to `viewer` (anyone with the link): its terms in the viewer's words and
 * time zone, its sessions, the subscription panel, and the host's tools when the viewer runs it.
 * Null when there is no such series.
 */
export async function seriesPageData(d: Deps, lang: Locale, id: string, viewer: Requester | null, subscribed: boolean, saveData = false) {
  const page = await getSeries(d, id, viewer);
  if (!page) return null;
  const { row } = page;
  const image = detailImage(publicImage(row.image_url), saveData);
  const t = translator(lang, "sessions");
  const zone = viewer?.timeZone ?? guestTimeZone;
  const weekdays = t("weekdays", { returnObjects: true }) as unknown as string[];
  const day = (iso: string) => new Intl.DateTimeFormat(intlLocale[lang], { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${iso}T12:00:00Z`));
  const item = (s: (typeof page.upcoming)[number]) => ({
    id: s.id,
    when: formatDateTime(new Date(s.starts_at), lang, zone),
    modified: s.is_modified,
    seats: t("detail.seatsValue", { booked: s.booked, max: s.max_participants }),
  });
  return {
    subscription: await seriesSubscriptionPanel(d, row, viewer, lang, zone, subscribed),
    // The campaign's table chat, for its host and its active subscribers.
    chatHref: (await mayOpenCampaignChat(d, viewer, row.id)) ? localePath(lang, `/series/${row.id}/chat`) : null,
    url: `${getEnv().APP_URL}${localePath(lang, `/series/${row.id}`)}`,
    title: row.title,
    // ACTIVE, PAUSED, COMPLETED or CANCELLED: the host sees it, players see a banner when it is not ACTIVE.
    status: row.status,
    description: row.description,
    game: row.game,
    genre: row.genre,
    level: row.experience_level,
    tags: tagChips(row.tags, lang),
    safetyTools: row.safety_tools,
    hours: Math.round((row.duration_minutes / 60) * 100) / 100,
    players: { min: row.min_participants, max: row.max_participants },
    location: row.location,
    dates:
      row.end_iso && !row.is_ongoing
        ? t("seriesDetail.range", { start: day(row.start_iso), end: day(row.end_iso) })
        : t("seriesDetail.from", { start: day(row.start_iso) }),
    instructions: await seriesInstructionsFor(d, row, viewer),
    host: { id: row.dm_id, name: displayNameOf({ displayName: row.dm_display_name, email: row.dm_email }), bio: row.dm_bio },
    hostRating: (await ratingsFor(d, [row.dm_id], "DM"))(row.dm_id),
    // The 800 px copy of our uploads with the 400 one to choose from; saving data, the 400 px copy alone.
    imageUrl: image?.src ?? null,
    imageSrcSet: image?.srcSet ?? null,
    schedule:
      row.frequency === "IRREGULAR"
        ? t("seriesForm.IRREGULAR")
        : t("seriesDetail.every", {
            frequency: t(`seriesForm.${row.frequency}`),
            day: row.day_of_week !== null ? weekdays[row.day_of_week] : `${row.day_of_month}`,
            time: row.time_hhmm,
          }),
    timezone: row.time_zone,
    price: row.price_cents === 0 ? null : `${formatPrice(row.price_cents, row.currency, lang)} ${row.currency}`,
    upcoming: page.upcoming.map(item),
    past: page.past.map(item),
    manage: canManageSeries(viewer, row)
      ? {
          editHref: localePath(lang, `/series/${row.id}/edit`),
          // Sessions are added by hand only to a series without a fixed schedule, and never to one cancelled or over.
          irregular: row.frequency === "IRREGULAR" && row.status !== "CANCELLED" && row.status !== "COMPLETED",
          timeZone: row.time_zone,
          zoneName: zoneName(row.time_zone, lang, d.now),
          now: d.now.toISOString(),
          addDefaults: { date: plusDays(todayIn(row.time_zone, d.now), 1), time: row.time_hhmm },
          cancelHref: localePath(lang, `/series/${row.id}/cancel`),
          // Cancelling tells the host that paid seats are refunded in full.
          refunds: row.price_cents > 0,
        }
      : null,
  };
}

export type SeriesPageData = NonNullable<Awaited<ReturnType<typeof seriesPageData>>>;
