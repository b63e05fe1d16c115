import { Form, NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BellIcon, CalendarIcon, ChatIcon, DieIcon, PlusIcon, SearchIcon } from "#app/components/ui/icons";
import { Link } from "#app/components/ui/link";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import { unreadBadge } from "#app/modules/notifications/rules";
import { LanguageSwitcher } from "./language-switcher";

export type NavUser = { id: string; name: string; initials: string; isDm: boolean; isAdmin: boolean; emailVerified: boolean; unread: number; chats: number };

const navLink =
  "inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-stone-700 hover:bg-stone-100 aria-[current=page]:text-brand-700";
// Below 640 px the header must hold in one row at 360 px: the main links show their icon and keep their words for screen readers.
const iconLink = "min-w-11 justify-center gap-2 max-sm:px-0";
const phoneHidden = "max-sm:sr-only";

export function Navbar({ lang, user }: { lang: Locale; user: NavUser | null }) {
  const { t } = useTranslation();
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-5xl items-center gap-1 px-4 py-2 sm:flex-wrap sm:gap-2">
        <Link to={localePath(lang, "/")} className="flex min-h-11 min-w-10 items-center gap-2 text-lg font-bold text-brand-700 sm:mr-2">
          <DieIcon className="h-7 w-7" /> <span className={user ? phoneHidden : undefined}>{t("appName")}</span>
        </Link>
        <nav aria-label={t("nav.main")} className="flex min-w-0 flex-1 items-center gap-1">
          <NavLink to={localePath(lang, "/sessions")} className={`${navLink} ${iconLink}`}>
            <SearchIcon className="h-5 w-5 sm:hidden" />
            <span className={phoneHidden}>{t("nav.sessions")}</span>
          </NavLink>
          {user ? (
            <NavLink to={localePath(lang, "/calendar")} className={`${navLink} ${iconLink}`}>
              <CalendarIcon className="h-5 w-5 sm:hidden" />
              <span className={phoneHidden}>{t("nav.calendar")}</span>
            </NavLink>
          ) : null}
          {user?.isDm ? (
            <Link
              to={localePath(lang, "/create")}
              className={`inline-flex min-h-11 items-center whitespace-nowrap rounded-md bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700 ${iconLink}`}
            >
              <PlusIcon className="h-5 w-5 sm:hidden" />
              <span className={phoneHidden}>{t("nav.create")}</span>
            </Link>
          ) : null}
        </nav>
        <div className="hidden sm:block">
          <LanguageSwitcher variant="pills" current={lang} />
        </div>
        <div className="sm:hidden">
          <LanguageSwitcher variant="dropdown" current={lang} />
        </div>
        {user ? (
          <>
            <ChatsLink lang={lang} unread={user.chats} />
            <Bell lang={lang} unread={user.unread} />
            <UserMenu lang={lang} user={user} />
          </>
        ) : (
          <div className="flex gap-1">
            <Link to={localePath(lang, "/login")} className={`${navLink} max-sm:px-2`}>
              {t("nav.login")}
            </Link>
            {/* Below 640 px a guest's row holds the logo, search, language and one way in: the login page
                offers 'create an account' too. Both buttons overlapped the search link at 360 px. */}
            <Link
              to={localePath(lang, "/signup")}
              className="inline-flex min-h-11 items-center whitespace-nowrap rounded-md bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700 max-sm:hidden"
            >
              {t("nav.signup")}
            </Link>
          </div>
        )}
      </div>
    </header>
  );
}

const badgeClass = "absolute right-0 top-0 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white";

/**
 * Without JavaScript the bell is a link with a server-rendered unread count (99+ at most). The
 * live script keeps the count current and opens the dropdown instead of following the link; the
 * badge is always in the page (hidden at zero) so the script only changes its text.
 */
function Bell({ lang, unread }: { lang: Locale; unread: number }) {
  const { t } = useTranslation();
  const badge = unreadBadge(unread);
  const label = badge ? `${t("nav.notifications")}: ${t("badge", { ns: "notifications", count: unread })}` : t("nav.notifications");
  return (
    <Link
      to={localePath(lang, "/notifications")}
      data-live="bell-link"
      className="relative inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100"
      aria-label={label}
    >
      <BellIcon className="h-6 w-6" />
      <span aria-hidden="true" data-live="bell" hidden={!badge} className={badgeClass}>
        {badge ?? "0"}
      </span>
    </Link>
  );
}

/** The chats list, with the unread messages across them (the live script updates it). */
function ChatsLink({ lang, unread }: { lang: Locale; unread: number }) {
  const { t } = useTranslation();
  const badge = unreadBadge(unread);
  return (
    // A full page load: chat pages ship no React, and the live script follows the chat a page shows from its first load.
    <Link
      to={localePath(lang, "/chats")}
      reloadDocument
      className="relative inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100"
      aria-label={badge ? `${t("nav.chats")}: ${badge}` : t("nav.chats")}
    >
      <ChatIcon className="h-6 w-6" />
      <span aria-hidden="true" data-live="chats" hidden={!badge} className={badgeClass}>
        {badge ?? "0"}
      </span>
    </Link>
  );
}

/** A <details> menu: opens without JavaScript and is keyboard reachable. */
function UserMenu({ lang, user }: { lang: Locale; user: NavUser }) {
  const { t } = useTranslation();
  const item = "block w-full px-4 py-2 text-left text-sm text-stone-800 hover:bg-stone-100";
  return (
    <details className="relative shrink-0">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full px-1 hover:bg-stone-100">
        <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
          {user.initials}
        </span>
        <span className="sr-only">{t("nav.accountMenu", { name: user.name })}</span>
      </summary>
      {/* Anchored to the avatar's right edge, never wider than the screen: on a phone it opens inside the viewport. */}
      <div className="absolute right-0 z-20 mt-2 w-56 max-w-[calc(100vw-2rem)] rounded-md border border-stone-200 bg-white py-1 shadow-lg">
        <p className="truncate border-b border-stone-100 px-4 py-2 text-sm font-semibold">{user.name}</p>
        {/* One's public profile (with one's own bookings), then the settings that edit it. */}
        <Link to={localePath(lang, `/profile/${user.id}`)} className={item}>
          {t("nav.myProfile")}
        </Link>
        <Link to={localePath(lang, "/settings/profile")} className={item}>
          {t("nav.settings")}
        </Link>
        {/* The player's tickets, kept on the device for offline use (decision record 094). */}
        <Link to={localePath(lang, "/tickets")} className={item}>
          {t("nav.tickets")}
        </Link>
        {user.isDm ? (
          <>
            <Link to={localePath(lang, "/settings/hosting")} className={item}>
              {t("nav.hostingSettings")}
            </Link>
            <Link to={localePath(lang, "/earnings")} className={item}>
              {t("nav.earnings")}
            </Link>
          </>
        ) : null}
        {/* A DM's inbox of direct booking inquiries; for anyone else, the ones they sent. */}
        <Link to={localePath(lang, user.isDm ? "/inquiries" : "/inquiries?view=sent")} className={item}>
          {t("nav.inquiries")}
        </Link>
        {user.isAdmin ? (
          <Link to={localePath(lang, "/admin")} className={item}>
            {t("nav.adminDesk")}
          </Link>
        ) : null}
        <Link to={localePath(lang, "/settings/password")} className={item}>
          {t("nav.password")}
        </Link>
        <Link to={localePath(lang, "/settings/sessions")} className={item}>
          {t("nav.devices")}
        </Link>
        <Form method="post" action={localePath(lang, "/logout")}>
          <button type="submit" className={item}>
            {t("nav.logout")}
          </button>
        </Form>
      </div>
    </details>
  );
}
