import type { LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { localePath } from "#app/modules/i18n/rules";
import { requireUser } from "#app/web/guards.server";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { revalidateUnlessNotSent } from "#app/web/not-sent";

export const handle = { i18n: ["profile", "validation"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, localeOf(params));
  return { isDm: user.isDm };
}

const tab =
  "inline-flex min-h-11 items-center whitespace-nowrap border-b-2 border-transparent px-3 text-sm font-medium text-stone-700 hover:text-stone-900 aria-[current=page]:border-brand-600 aria-[current=page]:text-brand-700";

/** A form the dropped connection swallowed leaves the page as it is (app/web/not-sent.ts). */
export const shouldRevalidate = revalidateUnlessNotSent;

export default function SettingsLayout() {
  const { isDm } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("profile");
  const lang = pageLocale(i18n.language);
  return (
    <div>
      <p className="text-sm font-semibold uppercase tracking-wide text-stone-600">{t("settings.title")}</p>
      <nav aria-label={t("settings.tabs")} className="mt-2 overflow-x-auto border-b border-stone-200">
        <ul className="flex">
          <li>
            <NavLink to={localePath(lang, "/settings/profile")} className={tab}>
              {t("settings.profile")}
            </NavLink>
          </li>
          {isDm ? (
            <li>
              <NavLink to={localePath(lang, "/settings/hosting")} className={tab}>
                {t("settings.hosting")}
              </NavLink>
            </li>
          ) : null}
          {isDm ? (
            <li>
              <NavLink to={localePath(lang, "/settings/payouts")} className={tab}>
                {t("settings.payouts")}
              </NavLink>
            </li>
          ) : null}
          <li>
            <NavLink to={localePath(lang, "/settings/password")} className={tab}>
              {t("settings.password")}
            </NavLink>
          </li>
          <li>
            <NavLink to={localePath(lang, "/settings/sessions")} className={tab}>
              {t("settings.devices")}
            </NavLink>
          </li>
          <li>
            <NavLink to={localePath(lang, "/settings/calendar")} className={tab}>
              {t("settings.calendar")}
            </NavLink>
          </li>
          <li>
            <NavLink to={localePath(lang, "/settings/data")} className={tab}>
              {t("settings.dataSaving")}
            </NavLink>
          </li>
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
