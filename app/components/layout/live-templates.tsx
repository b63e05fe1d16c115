import { useTranslation } from "react-i18next";
import { categoriesWithIcons, CategoryIcon } from "#app/components/notifications/category-icon";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";

const toastClass = "flex max-w-sm items-start gap-3 rounded-md border-l-4 border-brand-600 bg-white p-4 text-stone-900 shadow-lg";

/**
 * The hidden pieces of markup the live script (app/islands/live.ts) clones for toasts and the bell's
 * dropdown, so their words come translated from the server and their classes from this file. They
 * are not part of the page: the script fetches them once per language and build from
 * /api/live-templates (app/web/live-templates.server.tsx) after the page has loaded, which keeps
 * 4 KB of markup out of every signed-in page's first round trip (decision record 093).
 */
export function LiveTemplates({ lang }: { lang: Locale }) {
  const { t } = useTranslation("notifications");
  return (
    <div hidden data-live-templates="">
      {categoriesWithIcons.map((c) => (
        <span key={c} data-tpl={`icon-${c}`}>
          <CategoryIcon category={c} className="h-5 w-5 text-brand-700" />
        </span>
      ))}
      <div data-tpl="toasts" className="fixed bottom-4 right-4 z-50 flex w-[calc(100vw-2rem)] max-w-sm flex-col gap-2" aria-live="polite" />
      <div data-tpl="toast" role="status" className={toastClass}>
        <span data-slot="icon" className="mt-0.5 shrink-0" />
        <div className="min-w-0 flex-1 text-sm">
          <p data-slot="title" className="font-semibold" />
          <p data-slot="message" className="break-words" />
          <a
            data-slot="action"
            href="/"
            className="mt-2 inline-flex min-h-11 items-center rounded-md bg-brand-600 px-3 font-semibold text-white hover:bg-brand-700"
          >
            {t("open")}
          </a>
        </div>
        <button type="button" data-slot="close" className="-m-1 min-h-8 min-w-8 rounded text-lg leading-none" aria-label={t("actions.close", { ns: "common" })}>
          ×
        </button>
      </div>
      <section
        data-tpl="panel"
        aria-label={t("title")}
        className="fixed right-2 top-16 z-40 w-[calc(100vw-1rem)] max-w-sm rounded-md border border-stone-200 bg-white shadow-xl"
      >
        <div className="flex items-center justify-between gap-2 border-b border-stone-100 px-4 py-2">
          <h2 className="font-semibold">{t("title")}</h2>
          <button type="button" data-slot="all" className="min-h-11 text-sm font-semibold text-brand-700 underline">
            {t("markAllRead")}
          </button>
        </div>
        <ul data-slot="list" className="max-h-[60vh] divide-y divide-stone-100 overflow-y-auto" />
        <p data-slot="empty" className="p-4 text-sm text-stone-600">
          {t("empty")}
        </p>
        <a
          href={localePath(lang, "/notifications")}
          className="block border-t border-stone-100 px-4 py-3 text-center text-sm font-semibold text-brand-700 underline"
        >
          {t("viewAll")}
        </a>
      </section>
      <ul>
        {/* An unread item says so in words, for the eye and for screen readers, not by its tint
            alone: the label shows while the item carries data-unread, which the live script
            drops when it is read (so "Unread: …" is never heard for a read one). */}
        <li data-tpl="item" data-unread="" className="group flex gap-3 px-4 py-3 data-[unread]:bg-brand-50">
          <span data-slot="icon" className="mt-0.5 shrink-0" />
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-semibold">
              <span data-unread-label="" className="mr-2 hidden rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white group-data-[unread]:inline">
                {t("unread")}
                <span className="sr-only">: </span>
              </span>
              <span data-slot="title" />
            </p>
            <p data-slot="message" className="break-words text-stone-700" />
            <div className="flex gap-3">
              <a data-slot="open" href="/" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
                {t("open")}
              </a>
              <button type="button" data-slot="read" className="min-h-11 text-stone-700 underline">
                {t("markRead")}
              </button>
            </div>
          </div>
        </li>
      </ul>
    </div>
  );
}
