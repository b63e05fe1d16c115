import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Banner } from "#app/components/sessions/confirm-parts";
import { Button } from "#app/components/ui/button";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { offlinePaymentAct, offlinePaymentView } from "#app/modules/payments/offline-page.server";
import { readForm } from "#app/web/form.server";
import { localeOf } from "#app/web/locale.server";
import { refusalResponse, throwPageRefusal } from "#app/web/refusals.server";
import { seeOther } from "#app/web/replies.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["payments", "sessions"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.heading} · Mesa` : "Mesa" }];

/**
 * The offline adapter's stand-in for Stripe's hosted pages: pick one of the methods the payment
 * offers for its currency, then make it succeed, fail, need action (a voucher, slip or code for
 * delayed methods) or lapse. A plain form: it works without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const view = await offlinePaymentView(request, params.id ?? "", lang);
  if (!view.ok) throwPageRefusal(view.refusal, localePath(lang, "/"));
  // Back from a declined try (?outcome=declined): said on the page itself while the payment can still be made.
  const declined = view.open && new URL(request.url).searchParams.get("outcome") === "declined";
  return { ...view, declined, heading: translator(lang, "payments")("dev.title") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const id = params.id ?? "";
  const form = await readForm(request);
  const result = await offlinePaymentAct(request, id, form, lang);
  const here = localePath(lang, `/dev/payments/${id}`);
  if (!result.ok && "refusal" in result) throw refusalResponse(result.refusal);
  if (!result.ok) return redirectWithToast(here, { type: "error", key: "payments:dev.notAllowed" });
  if (result.redirectTo) return seeOther(result.redirectTo);
  // A declined card stays on the page, as on the provider's, which says so and offers another try.
  if (form.get("action") === "fail") return seeOther(`${here}?outcome=declined`);
  return redirectWithToast(here, { type: "success", key: "payments:dev.done", params: { status: String(form.get("action")) } });
}

export default function OfflinePaymentPage() {
  const v = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  return (
    <section className="mx-auto max-w-md space-y-4 rounded-lg border border-dashed border-amber-400 bg-white p-6">
      <h1 className="text-2xl font-bold">{t("dev.title")}</h1>
      <Banner tone="warn">{t("dev.subtitle")}</Banner>
      {v.declined ? (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950" data-testid="offline-declined">
          <p className="font-semibold">{t("dev.declinedTitle")}</p>
          <p className="mt-1">{t("dev.declined")}</p>
        </div>
      ) : null}
      <dl className="grid grid-cols-2 gap-2 text-sm">
        {v.title ? <dd className="col-span-2 text-base font-semibold">{v.title}</dd> : null}
        <dt className="text-stone-600">{t("dev.amount")}</dt>
        <dd className="font-bold">{v.amount}</dd>
        <dt className="text-stone-600">{t("dev.kind")}</dt>
        <dd>{v.kind}</dd>
        <dt className="text-stone-600">{t("dev.status")}</dt>
        <dd data-testid="offline-status">{v.status}</dd>
        {v.reference ? (
          <>
            <dt className="text-stone-600">{t("dev.reference")}</dt>
            <dd className="font-mono">{v.reference}</dd>
          </>
        ) : null}
      </dl>
      <Form method="post" className="grid gap-2">
        {v.methods.length > 0 ? (
          <fieldset className="mb-2 grid gap-1 rounded-md border border-stone-300 p-3">
            <legend className="px-1 text-sm font-semibold">{t("dev.method")}</legend>
            {v.methods.map((m) => (
              <label key={m} className="flex items-center gap-2 text-sm">
                <input type="radio" name="method" value={m} defaultChecked={m === v.method} className="h-4 w-4" />
                {t(`dev.methods.${m}`, { defaultValue: m })}
              </label>
            ))}
          </fieldset>
        ) : null}
        {v.actions.map((a) => (
          <Button key={a} name="action" value={a} variant={a === "succeed" ? "primary" : "secondary"} className="w-full">
            {t(`dev.${a}`)}
          </Button>
        ))}
      </Form>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
