import { isRouteErrorResponse, useLocation, useNavigate, useParams, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Link } from "#app/components/ui/link";
import { isLocale, localePath } from "#app/modules/i18n/rules";
import { buttonClass } from "./ui/button";

/** The one error boundary every route exports: 404 page, guard screen, or the generic error screen. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const params = useParams();
  const lang = isLocale(params.lang) ? params.lang : "es";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFound lang={lang} />;
    if (error.status === 403) {
      const fallback = typeof error.data?.fallback === "string" ? error.data.fallback : localePath(lang, "/");
      return <AccessDenied fallback={fallback} />;
    }
  } else if (typeof window === "undefined") {
    console.error(error);
  }
  return <GenericError lang={lang} />;
}

export function NotFound({ lang }: { lang: "es" | "en" | "pt" }) {
  const { t } = useTranslation("errors");
  return (
    <section className="mx-auto max-w-lg py-12 text-center">
      <p className="text-5xl" aria-hidden="true">
        🗺️
      </p>
      <h1 className="mt-4 text-2xl font-bold">{t("notFound.title")}</h1>
      <p className="mt-2 text-stone-700">{t("notFound.body")}</p>
      <Link to={localePath(lang, "/")} className={buttonClass("primary", "mt-6")}>
        {t("generic.home")}
      </Link>
    </section>
  );
}

/** Spec section 2, Guard screen. 'Go Back' uses history with JavaScript and the fallback link without. */
export function AccessDenied({ fallback }: { fallback: string }) {
  const { t } = useTranslation("errors");
  const navigate = useNavigate();
  return (
    <section className="mx-auto max-w-lg py-12 text-center">
      <h1 className="text-2xl font-bold">{t("guard.title")}</h1>
      <p className="mt-2 text-stone-700">{t("guard.body")}</p>
      <Link
        to={fallback}
        onClick={(event) => {
          if (window.history.length > 1) {
            event.preventDefault();
            navigate(-1);
          }
        }}
        className={buttonClass("primary", "mt-6")}
      >
        {t("guard.back")}
      </Link>
    </section>
  );
}

/** Spec section 2, Generic error screen. Links work without JavaScript. */
export function GenericError({ lang }: { lang: "es" | "en" | "pt" }) {
  const { t } = useTranslation("errors");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <section className="mx-auto max-w-lg py-12 text-center">
      <h1 className="text-2xl font-bold">{t("generic.title")}</h1>
      <p className="mt-2 text-stone-700">{t("generic.body")}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Link to={here} className={buttonClass("primary")}>
          {t("generic.tryAgain")}
        </Link>
        <a href={here} className={buttonClass("secondary")}>
          {t("generic.refresh")}
        </a>
        <Link to={localePath(lang, "/")} className={buttonClass("secondary")}>
          {t("generic.home")}
        </Link>
      </div>
    </section>
  );
}
