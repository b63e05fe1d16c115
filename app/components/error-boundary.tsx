import { isRouteErrorResponse, useLocation, useNavigate, useParams, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Link } from "#app/components/ui/link";
import { isLocale, localePath } from "#app/modules/i18n/rules";
import { isOutageBody } from "#app/web/outage";
import { buttonClass } from "./ui/button";

/** Whether a route error is the database being away (server/outage.ts): "back in a moment", not "something went wrong". */
export function isOutageError(error: unknown) {
  return isRouteErrorResponse(error) && error.status === 503 && isOutageBody(error.data);
}

/** The one error boundary every route exports: 404 page, guard screen, "back in a moment", or the generic error screen. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const params = useParams();
  const lang = isLocale(params.lang) ? params.lang : "es";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFound lang={lang} />;
    if (error.status === 503 && isOutageBody(error.data)) return <BackInAMoment submitted={error.data.submitted} />;
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

/**
 * The database is away and a client-side navigation or a form sent by fetch met it: the words of
 * the page the server sends without script. Trying again loads the page in full, which is that
 * page (reloading itself) while the outage lasts; a form is never sent again by itself.
 */
export function BackInAMoment({ submitted }: { submitted: boolean }) {
  const { t } = useTranslation("errors");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <section className="mx-auto max-w-lg py-12 text-center">
      <h1 className="text-2xl font-bold">{t("unavailable.title")}</h1>
      <p className="mt-2 text-stone-700">{t("unavailable.body")}</p>
      {submitted ? <p className="mt-2 text-stone-700">{t("unavailable.form")}</p> : null}
      <a href={here} className={buttonClass("primary", "mt-6")}>
        {t("unavailable.retry")}
      </a>
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
