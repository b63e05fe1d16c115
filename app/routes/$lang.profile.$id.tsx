import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BadgesCard } from "#app/components/badges/badges-card";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { InquiryOfferCard } from "#app/components/inquiries/inquiry-offer-card";
import { EmptyList } from "#app/components/profiles/empty-list";
import { ProfileAvatar } from "#app/components/profiles/profile-avatar";
import { Reliability } from "#app/components/profiles/reliability";
import { SubscriptionList } from "#app/components/profiles/subscription-list";
import { ReportLink } from "#app/components/report-link";
import { RatingLink } from "#app/components/reviews/rating-link";
import { ReviewList } from "#app/components/reviews/review-list";
import { ReviewPages } from "#app/components/reviews/review-pages";
import { Fact } from "#app/components/sessions/detail-parts";
import { SessionCard } from "#app/components/sessions/session-card";
import { Button } from "#app/components/ui/button";
import { ConfirmLink } from "#app/components/ui/confirm-link";
import { Link } from "#app/components/ui/link";
import { Pagination } from "#app/components/ui/pagination";
import { reliabilityFor } from "#app/modules/attendance/attendance.server";
import { badgesOf } from "#app/modules/badges/badges.server";
import { deps } from "#app/modules/deps.server";
import { guestTimeZone, intlLocale } from "#app/modules/i18n/config";
import { zoneName } from "#app/modules/i18n/format";
import { localePath } from "#app/modules/i18n/rules";
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
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";

// Scripts only for a signed-in visitor shown the inquiry form (its counter and estimate follow what is typed).
export const handle = {
  i18n: ["profile", "sessions", "chat", "reviews", "badges", "attendance", "inquiries", "validation"],
  hydrate: (data: unknown) => Boolean((data as { inquiry?: { signedIn: boolean } | null } | undefined)?.inquiry?.signedIn),
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.profile.name} · Mesa` : "Mesa" },
  { name: "description", content: data?.profile.bio.slice(0, 160) ?? "" },
];

/**
 * Public to anyone: who the person is and, for a DM, their upcoming public sessions and series.
 * On your own profile, also what you will play or run and what you played (spec, profile screens).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
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
    // Anyone signed in may start a direct chat with someone else.
    canMessage: viewer !== null && !own,
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

export default function ProfilePage() {
  const { profile: p, own, canMessage, tab, hosting, mine, subscriptions, rating, reviews, badges, reliability, inquiry } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("profile");
  const lang = pageLocale(i18n.language);
  const base = localePath(lang, `/profile/${p.id}`);
  const tabClass =
    "inline-flex min-h-11 items-center border-b-2 px-1 font-semibold aria-[current=page]:border-brand-600 aria-[current=page]:text-brand-700 border-transparent text-stone-700 hover:text-stone-900";
  return (
    <article className="space-y-6">
      <header className="flex flex-wrap items-center gap-4">
        <ProfileAvatar url={p.avatarUrl} initials={p.initials} />
        <div>
          <h1 className="text-2xl font-bold">{p.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-700">
            {p.isDm ? <span className="rounded-full bg-purple-100 px-2 py-0.5 text-xs font-semibold text-purple-900">{t("public.dmBadge")}</span> : null}
            <span>{t("public.memberSince", { date: p.memberSince })}</span>
            <span aria-hidden="true">·</span>
            <RatingLink userId={p.id} rating={rating} />
          </p>
        </div>
        {canMessage ? (
          <Form method="post" action={localePath(lang, "/chats/direct")} className="sm:ml-auto">
            <input type="hidden" name="userId" value={p.id} />
            <Button variant="secondary">{t("message", { ns: "chat" })}</Button>
          </Form>
        ) : null}
        {own ? null : <ReportLink lang={lang} kind="profile" id={p.id} label={t("reportProfile")} />}
      </header>
      {p.bio ? <p className="text-lg text-stone-800">{p.bio}</p> : null}
      {p.description ? <p className="whitespace-pre-line text-stone-800">{p.description}</p> : null}
      <dl className="grid gap-3 rounded-lg border border-stone-200 bg-white p-5 text-sm sm:grid-cols-2">
        <Fact term={t("fields.timeZone")}>{p.zoneName}</Fact>
        {p.location ? <Fact term={t("fields.location")}>{p.location}</Fact> : null}
        {p.experience ? <Fact term={t("fields.experienceLevel")}>{t(`experience.${p.experience}`)}</Fact> : null}
        {p.games.length ? <Fact term={t("fields.preferredGameSystems")}>{p.games.join(", ")}</Fact> : null}
        {p.isDm && p.languages.length ? <Fact term={t("fields.languages")}>{p.languages.map((l) => t(`spoken.${l}`)).join(", ")}</Fact> : null}
        {p.isDm && p.availableDays.length ? <Fact term={t("fields.availableDays")}>{p.availableDays.map((d) => t(`days.${d}`)).join(", ")}</Fact> : null}
      </dl>
      {inquiry ? <InquiryOfferCard offer={inquiry.offer} signedIn={inquiry.signedIn} /> : null}
      {reliability ? <Reliability dm={reliability.dm} player={reliability.player} /> : null}
      <BadgesCard
        ids={badges.ids}
        role={badges.role}
        selected={badges.selected}
        hrefFor={(category) => `${base}?${new URLSearchParams({ tab, badges: category })}`}
      />
      {subscriptions?.length ? <SubscriptionList subscriptions={subscriptions} /> : null}
      {own || hosting ? (
        <nav aria-label={t("public.tabs")} className="overflow-x-auto border-b border-stone-200">
          <ul className="flex gap-6">
            {own ? (
              <>
                <li>
                  <Link to={`${base}?tab=upcoming`} aria-current={tab === "upcoming" ? "page" : undefined} className={tabClass}>
                    {t("own.upcomingTab")}
                  </Link>
                </li>
                <li>
                  <Link to={`${base}?tab=past`} aria-current={tab === "past" ? "page" : undefined} className={tabClass}>
                    {t("own.pastTab")}
                  </Link>
                </li>
              </>
            ) : null}
            {hosting ? (
              <li>
                <Link to={`${base}?tab=sessions`} aria-current={tab === "sessions" ? "page" : undefined} className={tabClass}>
                  {t("public.sessionsTab", { count: hosting.total })}
                </Link>
              </li>
            ) : null}
            <li>
              <Link to={`${base}?tab=reviews`} aria-current={tab === "reviews" ? "page" : undefined} className={tabClass}>
                {t("public.reviewsTab")}
              </Link>
            </li>
          </ul>
        </nav>
      ) : null}
      {mine ? (
        <section>
          <h2 className="text-xl font-semibold">{t(tab === "past" ? "own.pastHeading" : "own.upcomingHeading")}</h2>
          {mine.cards.length ? (
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {mine.cards.map((card) => (
                <SessionCard
                  key={card.id}
                  card={card}
                  action={
                    tab === "upcoming" && card.badges.includes("joined") ? (
                      <ConfirmLink
                        href={localePath(lang, `/session/${card.id}/leave`)}
                        dialogId={`leave-${card.id}`}
                        aria-label={`${t("own.leave")}: ${card.title}`}
                        className="inline-flex min-h-11 items-center text-sm text-red-700 underline"
                        title={t("sessions:booking.leaveTitle", { title: card.title })}
                        body={card.price ? `${t("sessions:booking.leaveBody")} ${t("sessions:booking.leaveRefund")}` : t("sessions:booking.leaveBody")}
                        keepLabel={t("sessions:booking.keep")}
                        confirmLabel={t("sessions:booking.leaveConfirm")}
                        returnTo={base}
                      >
                        {t("own.leave")}
                      </ConfirmLink>
                    ) : card.review === "open" ? (
                      <Link
                        to={`${localePath(lang, `/session/${card.id}`)}#review-actions-heading`}
                        className="inline-flex min-h-11 items-center text-sm text-brand-700 underline"
                      >
                        {t("list.reviewAction", { ns: "reviews" })}
                      </Link>
                    ) : card.review === "done" ? (
                      <span aria-disabled="true" className="inline-flex min-h-11 items-center text-sm text-stone-500">
                        {t("list.reviewDone", { ns: "reviews" })}
                      </span>
                    ) : null
                  }
                />
              ))}
            </ul>
          ) : (
            <EmptyList message={t(tab === "past" ? "own.pastEmpty" : "own.upcomingEmpty")} />
          )}
          <Pagination
            page={mine.page}
            pages={mine.pages}
            total={mine.total}
            pageSize={mine.pageSize}
            maxButtons={5}
            hrefFor={(page) => `${base}?tab=${tab}&page=${page}`}
          />
        </section>
      ) : hosting && tab === "sessions" ? (
        <section>
          <h2 className="text-xl font-semibold">{t("public.sessionsHeading")}</h2>
          {hosting.cards.length ? (
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {hosting.cards.map((card) => (
                <SessionCard key={card.id} card={card} />
              ))}
            </ul>
          ) : (
            <EmptyList message={t("public.sessionsEmpty")} />
          )}
          <Pagination
            page={hosting.page}
            pages={hosting.pages}
            total={hosting.total}
            pageSize={hosting.pageSize}
            hrefFor={(page) => `${base}?tab=sessions&page=${page}`}
          />
        </section>
      ) : (
        <section>
          <h2 className="text-xl font-semibold">{t("public.reviewsHeading")}</h2>
          <ReviewList items={reviews?.rows ?? []} personName={p.name} viewerId={reviews?.viewerId ?? null} />
          {reviews ? <ReviewPages reviews={reviews} hrefFor={(page) => `${base}?tab=reviews&page=${page}`} /> : null}
        </section>
      )}
    </article>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
