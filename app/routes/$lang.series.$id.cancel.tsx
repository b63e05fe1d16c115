import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button, buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { RequestKeyField } from "#app/components/ui/request-key-field";
import { deps } from "#app/modules/deps.server";
import { localePath } from "#app/modules/i18n/rules";
import { seriesForEditor } from "#app/modules/series/series.server";
import { requireUser } from "#app/web/guards.server";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { throwPageRefusal } from "#app/web/refusals.server";
import { formOnce, readKeyForm } from "#app/web/request-key.server";
import { seriesStatusFormReply } from "#app/web/series-status.server";

export const handle = { i18n: ["sessions"], hydrate: false };

/**
 * The host's confirmation step before cancelling a whole series (what the Cancel series link opens
 * without JavaScript; with it, the same question is a dialog on the series page posting here).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const id = params.id ?? "";
  const back = localePath(lang, `/series/${id}`);
  const access = await seriesForEditor(deps(context), id, user);
  if (!access.ok) return throwPageRefusal(access.refusal, back);
  // Nothing left to cancel: back to the series page, which shows its status.
  if (access.row.status !== "ACTIVE" && access.row.status !== "PAUSED") throw redirect(back);
  return { seriesId: access.row.id, title: access.row.title, refunds: access.row.price_cents > 0 };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const form = await readKeyForm(request);
  // Sent twice, the same rendered form acts once (decision record 096).
  return formOnce(lang, form, { deps: deps(context), userId: user.id, intent: `series.cancel:${params.id ?? ""}` }, async () => {
    return seriesStatusFormReply(context, user, lang, params.id ?? "", "cancel");
  });
}

export default function CancelSeriesPage() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("sessions");
  return (
    <section className="mx-auto max-w-md rounded-lg border border-stone-200 bg-white p-6 text-center">
      <h1 className="text-xl font-bold">{t("seriesStatus.cancelTitle", { title: data.title })}</h1>
      <p className="mt-3 text-stone-700">{t("seriesStatus.cancelBody")}</p>
      {data.refunds ? <p className="mt-2 text-stone-700">{t("seriesStatus.cancelRefund")}</p> : null}
      <Form method="post" className="mt-6 flex flex-wrap justify-center gap-2">
        <RequestKeyField />
        <Link to={localePath(pageLocale(i18n.language), `/series/${data.seriesId}`)} className={buttonClass("secondary")}>
          {t("seriesStatus.cancelKeep")}
        </Link>
        <Button variant="danger">{t("seriesStatus.cancelConfirm")}</Button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
