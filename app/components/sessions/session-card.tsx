import { useTranslation } from "react-i18next";
import { BadgePill } from "#app/components/badges/badge-pill";
import { DieIcon } from "#app/components/ui/icons";
import { Link } from "#app/components/ui/link";
import { badgesForRole, cardBadges } from "#app/modules/badges/rules";
import type { CardData } from "#app/modules/sessions/card";
import type { CardStatus } from "#app/modules/sessions/rules";
import { CARD_IMAGE_SIZES } from "#app/modules/storage/rules";
import { useSaveData } from "#app/utils/save-data";

export type { CardData };

const statusStyle: Record<CardStatus["kind"], string> = {
  cancelled: "bg-stone-200 text-stone-800",
  confirmed: "bg-green-100 text-green-900",
  full: "bg-red-100 text-red-900",
  lastSpot: "bg-amber-100 text-amber-900",
  spotsLeft: "bg-amber-50 text-amber-900",
  readyToStart: "bg-green-50 text-green-900",
  needsPlayers: "bg-sky-50 text-sky-900",
};

/** The first letter of a game's name, as a reader sees it ("Ñ", not half of it). */
const initialOf = (game: string) => Array.from(game.trim())[0]?.toLocaleUpperCase() ?? "?";

/** `action`: a link or button under the card (above the card-wide link, so it stays clickable). */
export function SessionCard({ card, action }: { card: CardData; action?: React.ReactNode }) {
  const { t } = useTranslation("sessions");
  const saveData = useSaveData();
  // A host's badges (dm and both), the 2 of highest priority (spec sections 6 and 9).
  const hostBadges = cardBadges(badgesForRole(card.hostBadges, "dm"));
  const status = "count" in card.status ? t(`card.status.${card.status.kind}`, { count: card.status.count }) : t(`card.status.${card.status.kind}`);
  return (
    <li className="relative flex flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm">
      {card.imageUrl && saveData ? (
        // Saving data (decision record 095): the game's initial in the picture's box, so nothing moves.
        <div aria-hidden="true" data-placeholder="" className="flex aspect-video items-center justify-center bg-gradient-to-br from-brand-100 to-stone-200">
          <span className="text-5xl font-bold text-brand-700">{initialOf(card.game)}</span>
        </div>
      ) : card.imageUrl ? (
        // Below the fold on a phone (filters come first), so the page's largest paint is never waiting on
        // it; at low priority even when in view (a wide screen), so the page's own bytes go first.
        <img
          src={card.imageUrl}
          srcSet={card.imageSrcSet ?? undefined}
          sizes={card.imageSrcSet ? CARD_IMAGE_SIZES : undefined}
          width={400}
          height={225}
          alt=""
          loading="lazy"
          decoding="async"
          {...{ fetchpriority: "low" }}
          className="aspect-video w-full object-cover"
        />
      ) : (
        <div aria-hidden="true" className="flex aspect-video items-center justify-center bg-gradient-to-br from-brand-100 to-stone-200 text-brand-700">
          <DieIcon className="h-12 w-12" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap gap-1">
          {card.badges.slice(0, 2).map((b) => (
            <span
              key={b}
              className={
                b === "paymentPending"
                  ? "rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950"
                  : "rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white"
              }
            >
              {t(`card.${b}`)}
            </span>
          ))}
        </div>
        <h3 className="text-lg font-semibold leading-snug">
          <Link to={card.href} className="after:absolute after:inset-0 hover:underline">
            {card.title}
          </Link>
        </h3>
        <p className="text-sm text-stone-700">
          {card.game} · {t("card.by", { name: card.host })}
        </p>
        {card.hostRating ? (
          // Above the card-wide link, so the rating leads to the host's reviews.
          <Link to={card.hostRating.href} className="relative z-10 self-start text-sm text-brand-700 underline">
            <span aria-hidden="true" className="text-amber-600">
              ★
            </span>{" "}
            {t("card.rating", { average: card.hostRating.average, count: card.hostRating.count })}
          </Link>
        ) : null}
        {hostBadges.length ? (
          // Above the card-wide link, so each pill's description can be hovered or focused.
          <ul className="relative z-10 flex flex-wrap gap-1">
            {hostBadges.map((id) => (
              <li key={id}>
                <BadgePill id={id} size="sm" />
              </li>
            ))}
          </ul>
        ) : null}
        {card.recurrence ? <p className="text-sm font-medium text-purple-800">🔁 {card.recurrence}</p> : null}
        <p className="text-sm">{card.when}</p>
        {card.tags.length ? (
          <ul className="flex flex-wrap gap-1 text-xs">
            {card.tags.map((tag) => (
              <li key={tag.id} className="rounded-full bg-stone-100 px-2 py-0.5">
                <span aria-hidden="true">{tag.emoji}</span> {tag.label}
              </li>
            ))}
          </ul>
        ) : null}
        {card.safetyTools?.length ? (
          <ul className="flex flex-wrap gap-1 text-xs">
            {card.safetyTools.map((tool) => (
              <li key={tool} className="rounded-full bg-emerald-50 px-2 py-0.5 text-emerald-900">
                <span aria-hidden="true">🛡️</span> {tool}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-auto flex items-center justify-between pt-2 text-sm">
          <span className="font-semibold">{card.price ?? t("detail.free")}</span>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyle[card.status.kind]}`}>{status}</span>
        </div>
        <p className="text-xs text-stone-600">
          {card.seats}
          {card.subscribers ? ` · ${card.subscribers}` : null}
        </p>
        {action ? <div className="relative z-10 pt-1">{action}</div> : null}
      </div>
    </li>
  );
}
