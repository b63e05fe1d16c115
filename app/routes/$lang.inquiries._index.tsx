import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Link } from "#app/components/ui/link";
import { deps } from "#app/modules/deps.server";
import { formatDateTime } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { dmInbox, sentInquiries } from "#app/modules/inquiries/inquiries.server";
import { inboxTab, inquiryStatuses } from "#app/modules/inquiries/rules";
import { formatPrice } from "#app/modules/sessions/rules";
import { displayNameOf } from "#app/modules/users/rules";
import { requireUser } from "#app/web/guards.server";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";

export const handle = { i18n: ["inquiries"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Mesa` : "Mesa" }];

/**
 * The inquiries inbox: a DM's received inquiries by status (open, answered, accepted, declined);
 * `?view=sent` (and anyone who does not host) sees the inquiries they sent.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const url = new URL(request.url);
  const d = deps(context);
  const view = user.isDm && url.searchParams.get("view") !== "sent" ? "received" : "sent";
  const tab = inboxTab(url.searchParams.get("tab"));
  const present = (r: Awaited<ReturnType<typeof sentInquiries>>[number]) => ({
    id: r.id,
    name: displayNameOf({ displayName: r.other_name, email: r.other_email }),
    players: r.player_count,
    hours: r.hours,
    status: r.status,
    estimate: `${formatPrice(r.estimate_cents, r.currency, lang)} ${r.currency}`,
    when: formatDateTime(new Date(r.created_at), lang, user.timeZone),
    availability: r.availability,
  });
  const t = translator(lang, "inquiries");
  if (view === "sent") {
    const rows = await sentInquiries(d, user);
    return { title: t("inbox.sentTitle"), view, tab, isDm: user.isDm, counts: {}, rows: rows.map(present) };
  }
  const inbox = await dmInbox(d, user, tab);
  return { title: t("inbox.title"), view, tab, isDm: user.isDm, counts: inbox.counts, rows: inbox.rows.map(present) };
}

export default function InquiriesInbox() {
  const { view, tab, isDm, counts, rows } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("inquiries");
  const lang = pageLocale(i18n.language);
  const base = localePath(lang, "/inquiries");
  const tabClass =
    "inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-1 font-semibold aria-[current=page]:border-brand-600 aria-[current=page]:text-brand-700 border-transparent text-stone-700";
  return (
    <section className="space-y-4">
      <header>
        <h1 className="text-2xl font-bold">{t(view === "sent" ? "inbox.sentTitle" : "inbox.title")}</h1>
        {view === "received" ? <p className="mt-1 text-stone-700">{t("inbox.subtitle")}</p> : null}
        {isDm ? (
          <p className="mt-2 text-sm">
            <Link to={view === "sent" ? base : `${base}?view=sent`} className="text-brand-700 underline">
              {t(view === "sent" ? "inbox.title" : "inbox.sentTitle")}
            </Link>
          </p>
        ) : null}
      </header>
      {view === "received" ? (
        // The four tabs wrap on a narrow phone rather than scroll out of sight.
        <nav aria-label={t("inbox.tabs")} className="border-b border-stone-200">
          <ul className="flex flex-wrap gap-x-4">
            {inquiryStatuses.map((status) => (
              <li key={status}>
                <Link to={`${base}?tab=${status}`} aria-current={tab === status ? "page" : undefined} className={tabClass}>
                  {t(`status.${status}`)} ({(counts as Record<string, number>)[status] ?? 0})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {rows.length ? (
        <ul className="space-y-3">
          {rows.map((r) => (
            <li key={r.id} className="rounded-lg border border-stone-200 bg-white p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link to={localePath(lang, `/inquiries/${r.id}`)} className="font-semibold text-brand-700 underline">
                  {r.name}
                </Link>
                <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-800">{t(`status.${r.status}`)}</span>
              </div>
              <p className="mt-1 text-sm text-stone-700">{t("inbox.summary", { players: r.players, hours: r.hours, estimate: r.estimate })}</p>
              <p className="mt-1 line-clamp-2 break-words text-sm text-stone-600">{r.availability}</p>
              <p className="mt-1 text-xs text-stone-500">{r.when}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed border-stone-300 p-8 text-center text-stone-600">
          {t(view === "sent" ? "inbox.sentEmpty" : "inbox.empty")}
        </p>
      )}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
