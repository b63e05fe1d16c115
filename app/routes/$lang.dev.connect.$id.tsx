import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Banner } from "#app/components/sessions/confirm-parts";
import { Button, buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { offlineConnectAct, offlineConnectView } from "#app/modules/payouts/offline-page.server";
import { readForm } from "#app/web/form.server";
import { localeOf } from "#app/web/locale.server";
import { refusalResponse, throwPageRefusal } from "#app/web/refusals.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["payouts", "sessions"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.heading} · Mesa` : "Mesa" }];

/** The offline adapter's stand-in for Stripe's hosted onboarding: decide what Stripe says about the account. A plain form. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const view = await offlineConnectView(request, params.id ?? "");
  if (!view.ok) throwPageRefusal(view.refusal, localePath(lang, "/"));
  return { ...view, heading: translator(lang, "payouts")("dev.title"), back: localePath(lang, "/settings/payouts") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const result = await offlineConnectAct(request, params.id ?? "", await readForm(request));
  if (!result.ok) throw refusalResponse(result.refusal);
  if (result.action === "payOutNow") return redirectWithToast(localePath(lang, "/earnings"), { type: "success", key: "payouts:dev.paidOut" });
  if (result.action === "failNextPayout")
    return redirectWithToast(localePath(lang, `/dev/connect/${params.id}`), { type: "success", key: "payouts:dev.failArmed" });
  // Back where Stripe's onboarding returns the DM: the payouts page, which shows what the event said.
  return redirectWithToast(`${localePath(lang, "/settings/payouts")}?return=1`, { type: "success", key: "payouts:dev.done" });
}

export default function OfflineConnectPage() {
  const v = useLoaderData<typeof loader>();
  const { t } = useTranslation("payouts");
  return (
    <section className="mx-auto max-w-md space-y-4 rounded-lg border border-dashed border-amber-400 bg-white p-6">
      <h1 className="text-2xl font-bold">{t("dev.title")}</h1>
      <Banner tone="warn">{t("dev.subtitle")}</Banner>
      <p className="text-sm text-stone-700">{t("dev.account", { id: v.id, country: t(`countries.${v.country}`, { defaultValue: v.country }) })}</p>
      <Form method="post" className="flex flex-col gap-2">
        {v.actions.map((action) => (
          <Button key={action} name="action" value={action} variant={action === "complete" ? "primary" : "secondary"}>
            {t(`dev.${action}`)}
          </Button>
        ))}
      </Form>
      <h2 className="text-lg font-semibold">{t("dev.payoutsTitle")}</h2>
      <p className="text-sm text-stone-700">{t("dev.payoutsHint")}</p>
      <Form method="post" className="flex flex-col gap-2">
        {v.payoutActions.map((action) => (
          <Button key={action} name="action" value={action} variant="secondary">
            {t(`dev.${action}`)}
          </Button>
        ))}
      </Form>
      <Link to={v.back} className={buttonClass("secondary")}>
        {t("dev.back")}
      </Link>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
