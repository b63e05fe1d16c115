import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { NavLink, Outlet, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { localePath } from "#app/modules/i18n/rules";
import { requireAdminDesk } from "#app/web/guards.server";
import { pageLocale } from "#app/web/locale";

// The admin desk's shell (decision record 063): admins only, a 404 to anyone else.
export const handle = { i18n: ["admin"], hydrate: false };

export const meta: MetaFunction = () => [{ title: "Admin · Mesa" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminDesk(request);
  return null;
}

/** The desk's sections, in the order an admin works through them. */
const sections = [
  { to: "/admin/moderation", key: "nav.moderation" },
  { to: "/admin/refunds", key: "nav.refunds" },
  { to: "/admin/jobs", key: "nav.jobs" },
  { to: "/admin/audit", key: "nav.audit" },
] as const;

export default function AdminShell() {
  const { t } = useTranslation("admin");
  const lang = pageLocale(useParams().lang);
  return (
    <div className="space-y-4">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold">{t("nav.title")}</h1>
        <nav aria-label={t("nav.title")}>
          <ul className="flex flex-wrap gap-2">
            {sections.map((s) => (
              <li key={s.to}>
                <NavLink
                  to={localePath(lang, s.to)}
                  className={({ isActive }) =>
                    `inline-block rounded-md border px-3 py-2 text-sm font-medium ${isActive ? "border-stone-900 bg-stone-900 text-white" : "border-stone-300 bg-white text-stone-800"}`
                  }
                >
                  {t(s.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <Outlet />
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
