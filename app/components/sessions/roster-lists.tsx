import { useTranslation } from "react-i18next";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import { PeopleList } from "./session-page-parts";

type Player = { id: string; userId: string; name: string; paymentPending: boolean };
type Guest = { id: string; name: string; bookerName: string; paymentPending: boolean };
type Waiting = { id: string; userId: string; name: string; position: number };

/** The host's view of who holds a seat (players, then guests of groups) and who waits in line, each player with a remove link. */
export function RosterLists({
  sessionId,
  participants,
  guests,
  waitlist,
}: {
  sessionId: string;
  participants: Player[];
  guests: Guest[];
  waitlist: Waiting[];
}) {
  const { t, i18n } = useTranslation("sessions");
  const remove = localePath(i18n.language as Locale, `/session/${sessionId}/remove`);
  // A seat held while its payment is not in is marked, so the host never counts it as a player.
  const pending = (name: string, paymentPending: boolean) => (paymentPending ? `${name} · ${t("booking.participantPending")}` : name);
  return (
    <section className="grid gap-4 sm:grid-cols-2">
      <PeopleList
        title={t("detail.participants")}
        empty={t("detail.none")}
        people={[
          ...participants.map((p) => ({ id: p.id, name: pending(p.name, p.paymentPending), removeHref: `${remove}?list=bookings&userId=${p.userId}` })),
          // Seats a group holds for guests count as taken; they are their booker's to give up.
          ...guests.map((g) => ({ id: g.id, name: pending(t("detail.guestOf", { name: g.name, booker: g.bookerName }), g.paymentPending), removeHref: null })),
        ]}
      />
      <PeopleList
        title={t("detail.waitlist")}
        empty={t("detail.none")}
        people={waitlist.map((w) => ({ id: w.id, name: `${w.position}. ${w.name}`, removeHref: `${remove}?list=waitlist&userId=${w.userId}` }))}
      />
    </section>
  );
}
