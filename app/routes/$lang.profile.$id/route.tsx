import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BadgesCard } from "#app/components/badges/badges-card";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { InquiryOfferCard } from "#app/components/inquiries/inquiry-offer-card";
import { Reliability } from "#app/components/profiles/reliability";
import { SubscriptionList } from "#app/components/profiles/subscription-list";
import { ReviewList } from "#app/components/reviews/review-list";
import { ReviewPages } from "#app/components/reviews/review-pages";
import { SessionCard } from "#app/components/sessions/session-card";
import { setBlock } from "#app/modules/chat/blocks.server";
import { deps } from "#app/modules/deps.server";
import { localePath } from "#app/modules/i18n/rules";
import { readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { redirectWithToast } from "#app/web/toast.server";
import { CardList, OwnCardAction } from "./profile-lists";
import { profilePage } from "./profile-page.server";
import { ProfileFacts, ProfileHeader, ProfileTabs } from "./profile-parts";

// Plain HTML for everyone (decision record 021): the inquiry form, whose counter and estimate need scripts, has its own page.
export const handle = { i18n: ["profile", "sessions", "chat", "reviews", "badges", "attendance", "inquiries", "validation"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.profile.name} · Mesa` : "Mesa" },
  { name: "description", content: data?.profile.bio.slice(0, 160) ?? "" },
];

export const loader = (args: LoaderFunctionArgs) => profilePage(args);

/** The profile's block switch (decision record 091). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const intent = (await readForm(request)).get("intent");
  if (intent !== "block" && intent !== "unblock") notFound();
  const result = await setBlock(deps(context), user, params.id, intent === "block");
  if (result.status !== "ok") notFound();
  return redirectWithToast(localePath(lang, `/profile/${params.id}`), {
    type: "success",
    key: result.blocked ? "chat:toasts.blocked" : "chat:toasts.unblocked",
  });
}

export default function ProfilePage() {
  const {
    profile: p,
    own,
    canMessage,
    block,
    tab,
    hosting,
    mine,
    subscriptions,
    rating,
    reviews,
    badges,
    reliability,
    inquiry,
  } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("profile");
  const lang = pageLocale(i18n.language);
  const base = localePath(lang, `/profile/${p.id}`);
  return (
    <article className="space-y-6">
      <ProfileHeader p={p} own={own} canMessage={canMessage} block={block} rating={rating} lang={lang} />
      {p.bio ? <p className="text-lg text-stone-800">{p.bio}</p> : null}
      {p.description ? <p className="whitespace-pre-line text-stone-800">{p.description}</p> : null}
      <ProfileFacts p={p} />
      {inquiry ? <InquiryOfferCard offer={inquiry.offer} signedIn={inquiry.signedIn} formHere={false} /> : null}
      {reliability ? <Reliability dm={reliability.dm} player={reliability.player} /> : null}
      <BadgesCard
        ids={badges.ids}
        role={badges.role}
        selected={badges.selected}
        hrefFor={(category) => `${base}?${new URLSearchParams({ tab, badges: category })}`}
      />
      {subscriptions?.length ? <SubscriptionList subscriptions={subscriptions} /> : null}
      {own || hosting ? <ProfileTabs base={base} tab={tab} own={own} hostedTotal={hosting ? hosting.total : null} /> : null}
      {mine ? (
        <CardList
          heading={t(tab === "past" ? "own.pastHeading" : "own.upcomingHeading")}
          empty={t(tab === "past" ? "own.pastEmpty" : "own.upcomingEmpty")}
          list={mine}
          maxButtons={5}
          hrefFor={(page) => `${base}?tab=${tab}&page=${page}`}
          render={(card) => <SessionCard key={card.id} card={card} action={<OwnCardAction card={card} tab={tab} base={base} lang={lang} />} />}
        />
      ) : hosting && tab === "sessions" ? (
        <CardList
          heading={t("public.sessionsHeading")}
          empty={t("public.sessionsEmpty")}
          list={hosting}
          hrefFor={(page) => `${base}?tab=sessions&page=${page}`}
          render={(card) => <SessionCard key={card.id} card={card} />}
        />
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
