import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Link } from "#app/components/ui/link";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import { useSaveDataChoice } from "#app/utils/save-data";
import { LanguageSwitcher } from "./language-switcher";

export function Footer({ lang, mailboxEnabled }: { lang: Locale; mailboxEnabled: boolean }) {
  const { t } = useTranslation();
  return (
    <footer className="mt-12 bg-stone-900 text-stone-200">
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:grid-cols-3">
        <div>
          <p className="font-bold text-white">{t("appName")}</p>
          <p className="mt-1 text-sm text-stone-300">{t("footer.tagline")}</p>
        </div>
        <nav aria-label={t("footer.links")}>
          <ul className="space-y-1 text-sm">
            <li>
              <Link to={localePath(lang, "/sessions")} className="underline-offset-2 hover:underline">
                {t("nav.sessions")}
              </Link>
            </li>
            <li>
              <Link to={localePath(lang, "/signup")} className="underline-offset-2 hover:underline">
                {t("footer.becomeHost")}
              </Link>
            </li>
            {mailboxEnabled ? (
              <li>
                <Link to={localePath(lang, "/dev/mailbox")} className="underline-offset-2 hover:underline">
                  {t("footer.mailbox")}
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
        <div className="space-y-4">
          <LanguageSwitcher variant="buttons" current={lang} />
          <LanguageSwitcher variant="select" current={lang} />
          <SaveDataSwitch lang={lang} />
        </div>
      </div>
      <p className="border-t border-stone-800 py-4 text-center text-xs text-stone-400">© 2026 {t("appName")}</p>
    </footer>
  );
}

/**
 * "Save data" for this device, on every page and for anyone, signed in or not (decision record 095):
 * a plain form that comes back to this page. What the account or the browser asked for is only
 * named here; the settings page explains it.
 */
function SaveDataSwitch({ lang }: { lang: Locale }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const choice = useSaveDataChoice();
  const device = choice.reasons.includes("device");
  return (
    <form method="post" action={localePath(lang, "/settings/data")} className="text-sm">
      {choice.on ? <p className="text-stone-300">{t("footer.saveData.active")}</p> : null}
      <input type="hidden" name="scope" value="device" />
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      {device || !choice.on ? (
        <button type="submit" name="saveData" value={device ? "off" : "on"} className="min-h-11 text-left text-stone-200 underline underline-offset-2">
          {device ? t("footer.saveData.turnOff") : t("footer.saveData.turnOn")}
        </button>
      ) : null}
    </form>
  );
}
