import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { platformFeeBps } from "#app/modules/payouts/fee-setting.server";
import { payoutsPage, startOnboarding } from "#app/modules/payouts/payouts.server";
import { payoutsFormSchema } from "#app/modules/payouts/schema";
import { getServices } from "#app/services/index.server";
import { parseForm, readForm } from "#app/web/form.server";
import { requireDmOr404 } from "#app/web/guards.server";
import { localeOf } from "#app/web/locale.server";
import { sentAnswer } from "#app/web/not-sent";
import { refuse, seeOther } from "#app/web/replies.server";
import { redirectWithToast } from "#app/web/toast.server";
import { PayoutsView } from "./payouts-view";

export const handle = { i18n: ["payouts", "profile", "validation"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

/** A DM's payout account (decision record 084); to anyone else the page does not exist. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const dm = await requireDmOr404(request);
  const page = await payoutsPage(deps(context), dm);
  const query = new URL(request.url).searchParams;
  return {
    title: translator(lang, "payouts")("title"),
    feeBps: platformFeeBps(),
    termsVersion: page.termsVersion,
    termsAcceptedAt: page.termsAcceptedAt?.toISOString() ?? null,
    account: page.account ? { ...page.account, updatedByProviderAt: page.account.updatedByProviderAt?.toISOString() ?? null } : null,
    // Back from the provider: the page says the state changes when the provider confirms, never before.
    returned: query.get("return") === "1",
    lapsed: query.get("refresh") === "1",
    zone: dm.timeZone || "America/Mexico_City",
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const dm = await requireDmOr404(request);
  const submission = parseForm(await readForm(request), { schema: payoutsFormSchema });
  if (submission.status !== "success") return refuse("invalid", submission.reply());
  const form = submission.value;
  const started = await startOnboarding({ ...deps(context), connect: getServices().connect }, dm, {
    acceptTerms: form.intent === "start",
    country: form.intent === "start" ? form.country : undefined,
    lang,
  });
  if (started.ok) return seeOther(started.url);
  if (started.refusal === "termsRequired") return refuse("invalid", submission.reply({ fieldErrors: { acceptTerms: ["payouts:errors.termsRequired"] } }));
  return redirectWithToast(localePath(lang, "/settings/payouts"), { type: "error", key: "payouts:errors.providerError" });
}

/** With scripts, a send the dropped connection swallowed keeps the page and what was typed. */
export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";

export default function PayoutsSettingsPage() {
  return <PayoutsView loaded={useLoaderData<typeof loader>()} lastResult={sentAnswer(useActionData<typeof action>())} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
