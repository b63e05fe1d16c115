import type { SerializeFrom } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { EmptyList } from "#app/components/profiles/empty-list";
import { ConfirmLink } from "#app/components/ui/confirm-link";
import { Link } from "#app/components/ui/link";
import { Pagination } from "#app/components/ui/pagination";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import type { profilePage } from "./profile-page.server";

type Page = SerializeFrom<typeof profilePage>;
type OwnCard = NonNullable<Page["mine"]>["cards"][number];

/** On your own list: leave a game you joined, or review one you played. */
export function OwnCardAction({ card, tab, base, lang }: { card: OwnCard; tab: Page["tab"]; base: string; lang: Locale }) {
  const { t } = useTranslation("profile");
  if (tab === "upcoming" && card.badges.includes("joined"))
    return (
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
    );
  if (card.review === "open")
    return (
      <Link
        to={`${localePath(lang, `/session/${card.id}`)}#review-actions-heading`}
        className="inline-flex min-h-11 items-center text-sm text-brand-700 underline"
      >
        {t("list.reviewAction", { ns: "reviews" })}
      </Link>
    );
  if (card.review === "done")
    return (
      <span aria-disabled="true" className="inline-flex min-h-11 items-center text-sm text-stone-500">
        {t("list.reviewDone", { ns: "reviews" })}
      </span>
    );
  return null;
}

type CardPage<Card> = { cards: Card[]; total: number; page: number; pages: number; pageSize: number };

/** A titled page of session cards with its pagination, or the empty message. */
export function CardList<Card extends { id: string }>({
  heading,
  empty,
  list,
  hrefFor,
  maxButtons,
  render,
}: {
  heading: string;
  empty: string;
  list: CardPage<Card>;
  hrefFor: (page: number) => string;
  maxButtons?: 5 | 9;
  render: (card: Card) => React.ReactNode;
}) {
  return (
    <section>
      <h2 className="text-xl font-semibold">{heading}</h2>
      {list.cards.length ? <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{list.cards.map(render)}</ul> : <EmptyList message={empty} />}
      <Pagination page={list.page} pages={list.pages} total={list.total} pageSize={list.pageSize} maxButtons={maxButtons} hrefFor={hrefFor} />
    </section>
  );
}
