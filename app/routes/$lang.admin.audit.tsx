import { type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Link } from "#app/components/ui/link";
import { deps } from "#app/modules/deps.server";
import { formatDateTime } from "#app/modules/i18n/format";
import { localePath } from "#app/modules/i18n/rules";
import { auditLog } from "#app/modules/moderation/moderation.server";
import { parsePage } from "#app/modules/moderation/rules";
import { requireAdminDesk } from "#app/web/guards.server";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";

export const handle = { i18n: ["admin"], hydrate: false };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdminDesk(request);
  const lang = localeOf(params);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const log = await auditLog(deps(context), page);
  return {
    ...log,
    entries: log.entries.map((e) => ({ ...e, when: formatDateTime(new Date(e.created_at), lang, admin.timeZone) })),
  };
}

/** Newest first; on a phone each entry is a card, wider screens read the same list as rows. */
export default function AuditPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const lang = pageLocale(useParams().lang);
  const pageHref = (n: number) => `${localePath(lang, "/admin/audit")}?page=${n}`;
  return (
    <section className="space-y-3">
      <h2 className="text-xl font-semibold">{t("audit.title")}</h2>
      {data.entries.length === 0 ? <p className="text-stone-700">{t("audit.empty")}</p> : null}
      <ol className="space-y-2" data-testid="audit-list">
        {data.entries.map((e) => (
          <li key={e.id} className="rounded-md border border-stone-200 bg-white p-3 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 break-words">
              <dt className="font-medium text-stone-600">{t("audit.when")}</dt>
              <dd>{e.when}</dd>
              <dt className="font-medium text-stone-600">{t("audit.who")}</dt>
              <dd>{e.actor_name ?? "—"}</dd>
              <dt className="font-medium text-stone-600">{t("audit.what")}</dt>
              <dd>{t(`audit.actions.${e.action}`)}</dd>
              <dt className="font-medium text-stone-600">{t("audit.target")}</dt>
              <dd className="min-w-0 break-all font-mono text-xs">
                {t(`audit.kinds.${e.target_kind}`)} {e.target_id}
              </dd>
              {e.reason ? (
                <>
                  <dt className="font-medium text-stone-600">{t("audit.why")}</dt>
                  <dd className="whitespace-pre-line">{e.reason}</dd>
                </>
              ) : null}
            </dl>
          </li>
        ))}
      </ol>
      <nav className="flex items-center justify-between gap-2 text-sm" aria-label={t("audit.page", { page: data.page })}>
        {data.page > 1 ? <Link to={pageHref(data.page - 1)}>{t("audit.newer")}</Link> : <span />}
        <span>{t("audit.page", { page: data.page })}</span>
        {data.hasNext ? <Link to={pageHref(data.page + 1)}>{t("audit.older")}</Link> : <span />}
      </nav>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
