import type { SerializeFrom } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ProfileAvatar } from "#app/components/profiles/profile-avatar";
import { ReportLink } from "#app/components/report-link";
import { RatingLink } from "#app/components/reviews/rating-link";
import { Fact } from "#app/components/sessions/detail-parts";
import { Button } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import type { profilePage } from "./profile-page.server";

type Page = SerializeFrom<typeof profilePage>;
type Profile = Page["profile"];

/** Who the person is: avatar, name, host badge, rating, and what a visitor may do (message, report). */
export function ProfileHeader({
  p,
  own,
  canMessage,
  block,
  rating,
  lang,
}: {
  p: Profile;
  own: boolean;
  canMessage: boolean;
  block: Page["block"];
  rating: Page["rating"];
  lang: Locale;
}) {
  const { t } = useTranslation("profile");
  return (
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
      {block ? (
        <Form method="post">
          <input type="hidden" name="intent" value={block.blockedByMe ? "unblock" : "block"} />
          <button type="submit" className="inline-flex min-h-11 items-center text-sm text-red-800 underline">
            {t(block.blockedByMe ? "unblock" : "block", { ns: "chat" })}
          </button>
        </Form>
      ) : null}
    </header>
  );
}

/** The facts a person filled in; a host's languages and days only for a host. */
export function ProfileFacts({ p }: { p: Profile }) {
  const { t } = useTranslation("profile");
  return (
    <dl className="grid gap-3 rounded-lg border border-stone-200 bg-white p-5 text-sm sm:grid-cols-2">
      <Fact term={t("fields.timeZone")}>{p.zoneName}</Fact>
      {p.location ? <Fact term={t("fields.location")}>{p.location}</Fact> : null}
      {p.experience ? <Fact term={t("fields.experienceLevel")}>{t(`experience.${p.experience}`)}</Fact> : null}
      {p.games.length ? <Fact term={t("fields.preferredGameSystems")}>{p.games.join(", ")}</Fact> : null}
      {p.isDm && p.languages.length ? <Fact term={t("fields.languages")}>{p.languages.map((l) => t(`spoken.${l}`)).join(", ")}</Fact> : null}
      {p.isDm && p.availableDays.length ? <Fact term={t("fields.availableDays")}>{p.availableDays.map((d) => t(`days.${d}`)).join(", ")}</Fact> : null}
    </dl>
  );
}

const tabClass =
  "inline-flex min-h-11 items-center border-b-2 px-1 font-semibold aria-[current=page]:border-brand-600 aria-[current=page]:text-brand-700 border-transparent text-stone-700 hover:text-stone-900";

/** The tabs: your own upcoming and past games on your profile, a host's sessions, and the reviews. */
export function ProfileTabs({ base, tab, own, hostedTotal }: { base: string; tab: Page["tab"]; own: boolean; hostedTotal: number | null }) {
  const { t } = useTranslation("profile");
  const item = (name: Page["tab"], label: string) => (
    <li>
      <Link to={`${base}?tab=${name}`} aria-current={tab === name ? "page" : undefined} className={tabClass}>
        {label}
      </Link>
    </li>
  );
  return (
    <nav aria-label={t("public.tabs")} className="overflow-x-auto border-b border-stone-200">
      <ul className="flex gap-6">
        {own ? (
          <>
            {item("upcoming", t("own.upcomingTab"))}
            {item("past", t("own.pastTab"))}
          </>
        ) : null}
        {hostedTotal !== null ? item("sessions", t("public.sessionsTab", { count: hostedTotal })) : null}
        {item("reviews", t("public.reviewsTab"))}
      </ul>
    </nav>
  );
}
