import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DisputeNotice } from "#app/components/attendance/dispute-notice";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { ReviewActions } from "#app/components/reviews/review-actions";
import { SafetyLink, SafetyToolBadges } from "#app/components/safety/safety-fields";
import { SeatSafetyPanel } from "#app/components/safety/seat-safety-panel";
import { Banner } from "#app/components/sessions/confirm-parts";
import { Fact, HostCard, TagList } from "#app/components/sessions/detail-parts";
import { ManageDialog } from "#app/components/sessions/manage-dialog";
import { RosterLists } from "#app/components/sessions/roster-lists";
import { HeldSeatPanel, WaitlistPanel } from "#app/components/sessions/session-page-parts";
import { ShareBox } from "#app/components/sessions/share-box";
import { Button, buttonClass } from "#app/components/ui/button";
import { ConfirmLink } from "#app/components/ui/confirm-link";
import { Link } from "#app/components/ui/link";
import { getEnv } from "#app/env.server";
import { disputableNoShow } from "#app/modules/attendance/attendance.server";
import { markingRefusal } from "#app/modules/attendance/rules";
import { getSessionForViewer } from "#app/modules/bookings/booked-sessions.server";
import { waitingView } from "#app/modules/bookings/confirmation.server";
import { closedReason } from "#app/modules/bookings/rules";
import { gameLabel } from "#app/modules/catalog/options";
import { tagChips } from "#app/modules/catalog/tags";
import { deps } from "#app/modules/deps.server";
import { pendingInvitations } from "#app/modules/groups/invitations.server";
import { guestRoster } from "#app/modules/groups/roster.server";
import { guestTimeZone } from "#app/modules/i18n/config";
import { formatDateTime } from "#app/modules/i18n/format";
import { localePath } from "#app/modules/i18n/rules";
import { sessionPageStanding } from "#app/modules/payments/seat-views.server";
import { ratingsFor, reviewTargets } from "#app/modules/reviews/reviews.server";
import { seatNoteView } from "#app/modules/safety/safety.server";
import { formatPrice } from "#app/modules/sessions/rules";
import { publicImage } from "#app/modules/storage/images.server";
import { displayNameOf } from "#app/modules/users/rules";
import { getOptionalUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";

// Plain HTML for players; the host's manage dialog needs scripts (decision record 021).
export const handle = {
  i18n: ["sessions", "payments", "chat", "reviews", "attendance", "validation", "groups", "safety"],
  hydrate: (data: unknown) => Boolean((data as { participants?: unknown } | undefined)?.participants),
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.session.title} · Mesa` : "Mesa" },
  { name: "description", content: data?.session.description.slice(0, 160) ?? "" },
];

/** Public to anyone with the link; instructions only for the host and confirmed players. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const viewer = await getOptionalUser(request);
  const page = await getSessionForViewer(deps(context), params.id ?? "", viewer);
  if (!page) notFound();
  const { row } = page;
  const zone = viewer?.timeZone ?? guestTimeZone;
  const startsAt = new Date(row.starts_at);
  const d = deps(context);
  const { seatsHeld, ...standing } = await sessionPageStanding(d, page, viewer, {
    lang,
    zone,
    paymentSuccess: new URL(request.url).searchParams.get("payment") === "success",
  });
  const ended = startsAt.getTime() + row.duration_minutes * 60_000 <= d.now.getTime();
  const [reviewable, rating, disputable, guests] = await Promise.all([
    reviewTargets(d, viewer, row),
    ratingsFor(d, [row.dm_id], "DM"),
    // A player marked absent finds the way to dispute it here (decision record 057).
    ended && viewer && !page.isHost ? disputableNoShow(d, viewer, row.id) : null,
    guestRoster(d, row, viewer),
  ]);
  const reviewHref = localePath(lang, `/session/${row.id}/review`);
  return {
    reviews: reviewable.map((r) => ({ name: r.name, href: `${reviewHref}?target=${r.id}`, state: r.state, role: r.role, targetId: r.id })),
    verifyEmailHref: reviewable.some((r) => r.state === "verifyEmail") ? localePath(lang, "/auth/verify-email") : null,
    hostRating: rating(row.dm_id),
    disputeHref: disputable ? localePath(lang, `/booking/${disputable}/dispute`) : null,
    url: `${getEnv().APP_URL}${localePath(lang, `/session/${row.id}`)}`,
    isHost: page.isHost,
    // The host's way to the attendance sheet, while marks may be made (after the end, for 14 days).
    attendanceOpen: page.isHost && markingRefusal({ status: row.status, starts_at: startsAt, duration_minutes: row.duration_minutes }, d.now) === null,
    safetyHref: page.isHost && !ended && row.status !== "CANCELLED" ? localePath(lang, `/session/${row.id}/safety`) : null,
    ...standing,
    // The player's own lines and veils on their seat, to change until the start (decision record 061).
    seatNote: viewer && !page.isHost ? await seatNoteView(d, viewer.id, row.id) : null,
    // A seat a group reserved for the viewer's verified address, to accept or decline (decision record 068).
    invitation: viewer && !page.isHost ? ((await pendingInvitations(d, viewer)).find((i) => i.sessionId === row.id) ?? null) : null,
    // Their place in line and a seat held for them, as the confirmation page words it.
    waiting: waitingView(page.waiting, lang, zone),
    // The booking entry point; the confirmation page explains a closed one in full.
    closed: closedReason({ status: row.status, starts_at: new Date(row.starts_at), booking_lock_hours: null }, d.now),
    session: {
      id: row.id,
      title: row.title,
      description: row.description,
      game: row.game,
      genre: row.genre,
      level: row.experience_level,
      when: formatDateTime(startsAt, lang, zone),
      hostWhen: zone !== row.time_zone ? formatDateTime(startsAt, lang, row.time_zone) : null,
      hours: Math.round((row.duration_minutes / 60) * 100) / 100,
      booked: row.booked,
      held: seatsHeld,
      max: row.max_participants,
      price: row.price_cents === 0 ? null : formatPrice(row.price_cents, row.currency, lang),
      currency: row.currency,
      location: row.location,
      isPrivate: row.is_private,
      // The 800 px copy of our uploads; any other address as it is.
      imageUrl: publicImage(row.image_url)?.large ?? null,
      tags: tagChips(row.tags, lang),
      safetyTools: row.safety_tools,
      instructions: page.instructions,
      dm: { id: row.dm_id, name: displayNameOf({ displayName: row.dm_display_name, email: row.dm_email }), bio: row.dm_bio },
    },
    guests,
    participants:
      page.participants?.map((p) => ({
        id: p.id,
        userId: p.user_id,
        name: displayNameOf({ displayName: p.display_name, email: p.email }),
        status: p.status,
        paymentPending: p.status === "PENDING_PAYMENT",
      })) ?? null,
    waitlist:
      page.waitlist?.map((w) => ({
        id: w.id,
        userId: w.user_id,
        name: displayNameOf({ displayName: w.display_name, email: w.email }),
        position: w.position,
      })) ?? null,
  };
}

export default function SessionPage() {
  const data = useLoaderData<typeof loader>();
  const { session: s, isHost, attendanceOpen, safetyHref, joined, held, refunded, canLeave, seatNote, waiting, closed, chat, url } = data;
  const { participants, guests, waitlist, paymentReturn, reviews, verifyEmailHref, hostRating, disputeHref } = data;
  const { t, i18n } = useTranslation("sessions");
  const lang = pageLocale(i18n.language);
  return (
    <article className="grid gap-8 lg:grid-cols-[2fr_1fr]">
      <div className="space-y-6">
        {paymentReturn ? (
          <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-950">
            {t(paymentReturn, { ns: "payments" })}
          </p>
        ) : null}
        {s.imageUrl ? <img src={s.imageUrl} alt="" width={800} height={450} className="aspect-video w-full rounded-lg object-cover" /> : null}
        <div>
          <p className="text-sm font-semibold text-brand-700">
            {gameLabel(t, s.game)}
            {s.genre ? ` · ${t(`genres.${s.genre}`)}` : ""}
          </p>
          <h1 className="mt-1 text-3xl font-bold">{s.title}</h1>
          {s.isPrivate ? <span className="mt-2 inline-block rounded-full bg-stone-200 px-2 py-0.5 text-xs">{t("detail.private")}</span> : null}
          {joined ? <span className="ml-2 mt-2 inline-block rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-900">{t("detail.joined")}</span> : null}
          {held ? (
            <span className="ml-2 mt-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-950">
              {t(held.state === "paymentFailed" ? "booking.paymentFailed" : held.state === "paymentDue" ? "booking.paymentDue" : "booking.paymentPending")}
            </span>
          ) : null}
        </div>
        <p className="whitespace-pre-line text-stone-800">{s.description}</p>
        <TagList tags={s.tags} />
        <SafetyToolBadges tools={s.safetyTools} />
        <section className="rounded-lg border border-stone-200 bg-white p-5">
          <h2 className="font-semibold">{t("detail.instructions")}</h2>
          {s.instructions !== null ? (
            <p className="mt-2 whitespace-pre-line text-sm">{s.instructions}</p>
          ) : (
            <p className="mt-2 text-sm text-stone-600">🔒 {t("detail.locked")}</p>
          )}
        </section>
        {participants && waitlist ? <RosterLists sessionId={s.id} participants={participants} guests={guests ?? []} waitlist={waitlist} /> : null}
      </div>
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
                  <input type="hidden" name="seatId" value={data.invitation.id} />
                  <Button type="submit" name="intent" value="accept">
                    {t("invitations.accept", { ns: "groups" })}
                  </Button>
                </Form>
              )}
              <Form method="post" action={localePath(lang, "/invitations")}>
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
    </article>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
