import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DisputeNotice } from "#app/components/attendance/dispute-notice";
import { ReviewActions } from "#app/components/reviews/review-actions";
import { SafetyLink } from "#app/components/safety/safety-fields";
import { SeatSafetyPanel } from "#app/components/safety/seat-safety-panel";
import { Banner } from "#app/components/sessions/confirm-parts";
import { Fact, HostCard } from "#app/components/sessions/detail-parts";
import { ManageDialog } from "#app/components/sessions/manage-dialog";
import { HeldSeatPanel, WaitlistPanel } from "#app/components/sessions/session-page-parts";
import { ShareBox } from "#app/components/sessions/share-box";
import { Button, buttonClass } from "#app/components/ui/button";
import { ConfirmLink } from "#app/components/ui/confirm-link";
import { Link } from "#app/components/ui/link";
import { RequestKeyField } from "#app/components/ui/request-key-field";
import { localePath } from "#app/modules/i18n/rules";
import { pageLocale } from "#app/web/locale";
import type { loader } from "./route";

/** The session page's side column: the facts, the viewer's seat, line, invitation and note, and the ways on (book, group, host's tools). */
export function SessionAside() {
  const data = useLoaderData<typeof loader>();
  const { session: s, isHost, attendanceOpen, safetyHref, joined, held, refunded, canLeave, seatNote, waiting, closed, chat, url } = data;
  const { participants, waitlist, reviews, verifyEmailHref, hostRating, disputeHref } = data;
  const { t, i18n } = useTranslation("sessions");
  const lang = pageLocale(i18n.language);
  return (
    <aside className="space-y-4">
      <dl className="space-y-3 rounded-lg border border-stone-200 bg-white p-5 text-sm">
        <Fact term={t("detail.when")}>
          {s.when}
          {s.hostWhen ? <span className="block text-xs text-stone-600">{t("detail.hostZone", { time: s.hostWhen })}</span> : null}
        </Fact>
        <Fact term={t("detail.duration")}>{t("detail.durationValue", { hours: s.hours })}</Fact>
        <Fact term={t("detail.seats")}>
          {t("detail.seatsValue", { booked: s.booked, max: s.max })}
          {s.held > 0 ? <span className="block text-xs text-stone-600">{t("booking.seatsHeld", { count: s.held })}</span> : null}
        </Fact>
        <Fact term={t("detail.price")}>{s.price ? `${s.price} ${s.currency}` : t("detail.free")}</Fact>
        <Fact term={t("detail.location")}>{s.location || t("detail.online")}</Fact>
        {s.level ? <Fact term={t("detail.level")}>{t(`levels.${s.level}`)}</Fact> : null}
      </dl>
      {closed === "sessionCancelled" ? <Banner tone="warn">{t("booking.cancelledBanner")}</Banner> : null}
      {closed === "sessionCancelled" && refunded ? <Banner tone="info">{t("booking.cancelledRefund")}</Banner> : null}
      {held && !isHost ? <HeldSeatPanel held={held} sessionId={s.id} /> : null}
      {chat === "member" ? (
        <Link to={localePath(lang, `/session/${s.id}/chat`)} reloadDocument className={buttonClass("secondary", "w-full")}>
          {t("openChat", { ns: "chat" })}
        </Link>
      ) : null}
      {chat === "afterPayment" ? <Banner tone="info">{t("afterPayment", { ns: "chat", title: s.title })}</Banner> : null}
      {!isHost && canLeave ? (
        <ConfirmLink
          href={localePath(lang, `/session/${s.id}/leave`)}
          dialogId={`leave-${s.id}`}
          className={buttonClass("secondary", "w-full")}
          title={t("booking.leaveTitle", { title: s.title })}
          body={s.price ? `${t("booking.leaveBody")} ${t("booking.leaveRefund")}` : t("booking.leaveBody")}
          keepLabel={t("booking.keep")}
          confirmLabel={t("booking.leaveConfirm")}
        >
          {t("booking.leave")}
        </ConfirmLink>
      ) : null}
      {seatNote ? <SeatSafetyPanel sessionId={s.id} note={seatNote} /> : null}
      {data.invitation ? (
        <section className="border-brand-300 space-y-2 rounded-md border bg-brand-50 p-3" data-testid="invitation">
          <p className="break-words text-sm">{t("invitations.from", { ns: "groups", booker: data.invitation.bookerName })}</p>
          {data.invitation.seated ? <p className="text-sm">{t("invitations.seated", { ns: "groups" })}</p> : null}
          <div className="flex flex-wrap gap-2">
            {data.invitation.seated ? null : (
              <Form method="post" action={localePath(lang, "/invitations")}>
                <RequestKeyField />
                <input type="hidden" name="seatId" value={data.invitation.id} />
                <Button type="submit" name="intent" value="accept">
                  {t("invitations.accept", { ns: "groups" })}
                </Button>
              </Form>
            )}
            <Form method="post" action={localePath(lang, "/invitations")}>
              <RequestKeyField />
              <input type="hidden" name="seatId" value={data.invitation.id} />
              <Button type="submit" name="intent" value="decline" variant="secondary">
                {t("invitations.decline", { ns: "groups" })}
              </Button>
            </Form>
          </div>
        </section>
      ) : null}
      {!isHost && waiting && !closed ? <WaitlistPanel waiting={waiting} sessionId={s.id} /> : null}
      {!isHost && !joined && !held && !waiting && !closed ? (
        <Link to={localePath(lang, `/session/${s.id}/confirm`)} className={buttonClass("primary", "w-full")}>
          {s.booked >= s.max ? t("booking.joinWaitlist") : t("booking.book")}
        </Link>
      ) : null}
      {/* A paid group is sold at once only in a public session (decision record 062). */}
      {!isHost && !closed && (!s.price || !s.isPrivate) ? (
        <Link to={localePath(lang, `/session/${s.id}/group`)} className={buttonClass("secondary", "w-full")}>
          {t("page.title", { ns: "groups" })}
        </Link>
      ) : null}
      {disputeHref ? <DisputeNotice href={disputeHref} /> : null}
      {data.tipHref ? (
        <Link to={data.tipHref} className={buttonClass("secondary", "w-full")}>
          {t("link", { ns: "tips" })}
        </Link>
      ) : null}
      <ReviewActions actions={reviews} verifyEmailHref={verifyEmailHref} />
      <HostCard host={s.dm} rating={hostRating} />
      {attendanceOpen ? (
        <Link to={localePath(lang, `/session/${s.id}/attendance`)} className={buttonClass("primary", "w-full")}>
          {t("sheet.link", { ns: "attendance" })}
        </Link>
      ) : null}
      {safetyHref ? <SafetyLink href={safetyHref} /> : null}
      {isHost ? (
        <Link to={localePath(lang, `/session/${s.id}/edit`)} className={buttonClass("secondary", "w-full")}>
          {t("detail.edit")}
        </Link>
      ) : null}
      {isHost && closed !== "sessionCancelled" && closed !== "sessionCompleted" ? (
        <Link to={localePath(lang, `/session/${s.id}/cancel`)} className={buttonClass("danger", "w-full")}>
          {t("booking.cancelSession")}
        </Link>
      ) : null}
      {participants && waitlist ? (
        <Link to={localePath(lang, `/session/${s.id}/invites`)} className={buttonClass("secondary", "w-full")}>
          {t("invites.title")}
        </Link>
      ) : null}
      {participants && waitlist ? (
        <ManageDialog removeAction={localePath(lang, `/session/${s.id}/remove`)} participants={participants} waitlist={waitlist} />
      ) : null}
      <ShareBox url={url} title={s.title} />
    </aside>
  );
}
