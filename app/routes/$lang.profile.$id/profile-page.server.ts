import type { LoaderFunctionArgs } from "@remix-run/node";
import { reliabilityFor } from "#app/modules/attendance/attendance.server";
import { badgesOf } from "#app/modules/badges/badges.server";
import { hasBlocked, mayWriteDirectly } from "#app/modules/chat/blocks.server";
import { deps } from "#app/modules/deps.server";
import { guestTimeZone, intlLocale } from "#app/modules/i18n/config";
import { zoneName } from "#app/modules/i18n/format";
import { inquiryOffer } from "#app/modules/inquiries/inquiries.server";
import { getPublicProfile } from "#app/modules/profiles/public-profile.server";
import { chosenTab } from "#app/modules/profiles/rules";
import { pastReviewStates, profileReviews, ratingsFor } from "#app/modules/reviews/reviews.server";
import { toCard } from "#app/modules/sessions/cards.server";
import { userSessionPage } from "#app/modules/sessions/sessions.server";
import { subscriptionsForProfile } from "#app/modules/subscriptions/subscriptions.server";
import { avatarInitials, displayNameOf } from "#app/modules/users/rules";
import { getOptionalUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";

/**
 * Public to anyone: who the person is and, for a DM, their upcoming public sessions and series.
 * On your own profile, also what you will play or run and what you played (spec, profile screens).
 */
export async function profilePage({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const viewer = await getOptionalUser(request);
  const url = new URL(request.url);
  const zone = viewer?.timeZone ?? guestTimeZone;
  const d = deps(context);
  const found = await getPublicProfile(d, params.id ?? "", viewer, { page: url.searchParams.get("page"), timeZone: zone });
  if (!found) notFound();
  const { profile: p, hosting } = found;
  const name = displayNameOf({ displayName: p.display_name, email: p.email });
  const own = viewer?.id === p.id;
  const tab = chosenTab(url.searchParams.get("tab"), own, hosting !== null);
  const mine =
    own && (tab === "upcoming" || tab === "past") ? await userSessionPage(d, p.id, { past: tab === "past", page: url.searchParams.get("page") }) : null;
  // Only the player sees their subscriptions and what they owe (decision record 051).
  const subscriptions = own ? await subscriptionsForProfile(d, p, lang, zone) : null;
  const reviewStates = mine && tab === "past" ? await pastReviewStates(d, p.id, mine.rows) : {};
  const reviews = tab === "reviews" ? await profileReviews(d, viewer, p.id, url.searchParams.get("page")) : null;
  // A host is rated as a host; anyone else as a player (kept as aggregates, decision record 055).
  const rating = (await ratingsFor(d, [p.id], hosting !== null ? "DM" : "PLAYER"))(p.id);
  // Earned badges as the award-badges job stored them, shown by the person's role (spec section 6).
  const badges = (await badgesOf(d.db, [p.id])).get(p.id) ?? [];
  // The reliability record, from facts (decision record 057): as host for a DM, as player for everyone.
  const record = await reliabilityFor(d, p.id);
  const offer = own ? null : await inquiryOffer(d, p.id);
  // Blocks (decision record 091): the viewer's switch, and no "Send a message" while either blocked the other.
  const [blockedByMe, mayWrite] = viewer && !own ? await Promise.all([hasBlocked(d, viewer, p.id), mayWriteDirectly(d, viewer.id, p.id)]) : [false, false];
  return {
    profile: {
      id: p.id,
      name,
      initials: avatarInitials(name),
      avatarUrl: p.avatar_url,
      bio: p.bio,
      description: p.description,
      location: p.location,
      languages: p.languages,
      availableDays: p.available_days,
      games: p.preferred_game_systems,
      experience: p.experience_level,
      isDm: hosting !== null,
      // Named in the page's language here, with the request's clock: the browser's zone data may word it differently.
      zoneName: zoneName(p.time_zone, lang, d.now),
      memberSince: new Intl.DateTimeFormat(intlLocale[lang], { month: "long", year: "numeric", timeZone: zone }).format(new Date(p.created_at)),
    },
    own,
    subscriptions,
    rating,
    reliability: record && { dm: hosting !== null ? record.dm : null, player: record.player },
    badges: { ids: badges, role: hosting !== null ? ("dm" as const) : ("player" as const), selected: url.searchParams.get("badges") },
    reviews: reviews && {
      ...reviews,
      viewerId: viewer?.id ?? null,
      rows: reviews.rows.map(({ createdAt, ...r }) => ({
        ...r,
        when: new Intl.DateTimeFormat(intlLocale[lang], { dateStyle: "medium", timeZone: zone }).format(createdAt),
      })),
    },
    // Anyone signed in may start a direct chat with someone else, unless either blocked the other.
    canMessage: viewer !== null && !own && mayWrite,
    block: viewer !== null && !own ? { blockedByMe } : null,
    inquiry: offer && { offer, signedIn: viewer !== null },
    tab,
    mine: mine
      ? {
          cards: mine.rows.map((row) => ({ ...toCard(row, lang, p.id, zone), review: reviewStates[row.id] ?? null })),
          total: mine.total,
          page: mine.page,
          pages: mine.pages,
          pageSize: mine.pageSize,
        }
      : null,
    hosting: hosting
      ? {
          cards: hosting.rows.map((row) => toCard(row, lang, viewer?.id ?? null, zone)),
          total: hosting.total,
          page: hosting.page,
          pages: hosting.pages,
          pageSize: hosting.pageSize,
        }
      : null,
  };
}
