import { useTranslation } from "react-i18next";
import { Link } from "#app/components/ui/link";
import type { Locale } from "#app/modules/i18n/config";
import { isLocale, localePath } from "#app/modules/i18n/rules";
import { Footer } from "./footer";
import { Navbar, type NavUser } from "./navbar";
import { Toast, type ToastData } from "./toast";

export type ShellData = {
  lang: string;
  user: NavUser | null;
  toast: ToastData | null;
  mailboxEnabled: boolean;
} | null;

export function Shell({ root, children }: { root: ShellData; children: React.ReactNode }) {
  const { t } = useTranslation();
  const lang: Locale = isLocale(root?.lang) ? root.lang : "es";
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {t("nav.skipToContent")}
      </a>
      <Navbar lang={lang} user={root?.user ?? null} />
      {root?.user && !root.user.emailVerified ? (
        <div className="bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">
          {t("auth.verifyBanner")}{" "}
          <Link to={localePath(lang, "/auth/verify-email")} className="font-semibold underline">
            {t("auth.verifyBannerLink")}
          </Link>
        </div>
      ) : null}
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        {children}
      </main>
      <Footer lang={lang} mailboxEnabled={root?.mailboxEnabled ?? false} />
      {root?.toast ? <Toast toast={root.toast} /> : null}
    </>
  );
}
