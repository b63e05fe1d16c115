import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { deps } from "#app/modules/deps.server";
import { localePath } from "#app/modules/i18n/rules";
import { safetySheet } from "#app/modules/safety/safety.server";
import { requireUser } from "#app/web/guards.server";
import { forbidden, notFound } from "#app/web/http";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";

export const handle = { i18n: ["safety"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Mesa` : "Mesa" }, { name: "robots", content: "noindex" }];

/** The host's view of what the players asked privately (decision record 061); nobody else's. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const sheet = await safetySheet(deps(context), user, params.id ?? "");
  if (!sheet.ok && sheet.refusal === "notFound") notFound();
  if (!sheet.ok) forbidden(localePath(lang, `/session/${params.id ?? ""}`));
  return { sessionId: sheet.session.id, title: sheet.session.title, over: sheet.over, players: sheet.players };
}

export default function SafetyPage() {
  const page = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("safety");
  const back = localePath(pageLocale(i18n.language), `/session/${page.sessionId}`);
  return (
    <section className="mx-auto max-w-xl space-y-4 rounded-lg border border-stone-200 bg-white p-4 sm:p-6">
      <h1 className="break-words text-xl font-bold">{t("sheet.title", { title: page.title })}</h1>
      <p className="text-stone-700">{t("sheet.intro")}</p>
      {page.over ? (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-amber-900">
          {t("sheet.over")}
        </p>
      ) : page.players.length === 0 ? (
        <p className="text-stone-700">{t("sheet.empty")}</p>
      ) : (
        <ul className="divide-y divide-stone-200" data-testid="safety-players">
          {page.players.map((p) => (
            <li key={p.key} className="py-3">
              <h2 className="font-semibold">{p.name ?? t("sheet.anonymous")}</h2>
              {p.lines.length ? (
                <p className="mt-1 text-sm">
                  <span className="font-medium">{t("sheet.lines")}:</span> {p.lines.map((topic) => t(`topics.${topic}`)).join(", ")}
                </p>
              ) : null}
              {p.veils.length ? (
                <p className="mt-1 text-sm">
                  <span className="font-medium">{t("sheet.veils")}:</span> {p.veils.map((topic) => t(`topics.${topic}`)).join(", ")}
                </p>
              ) : null}
              {p.notes.length ? (
                <div className="mt-1 text-sm">
                  <p className="font-medium">{t("sheet.notes")}:</p>
                  {p.notes.map((note) => (
                    <p key={note} className="whitespace-pre-line break-words text-stone-800">
                      {note}
                    </p>
                  ))}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Link to={back} className={buttonClass("secondary")}>
        {t("sheet.back")}
      </Link>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
