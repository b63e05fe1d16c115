import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { NotSentPageNotice } from "#app/components/ui/not-sent-notice";
import { safeRedirect } from "#app/modules/auth/rules";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { setAccountSaveData } from "#app/modules/save-data/save-data.server";
import { saveDataSchema } from "#app/modules/save-data/schema";
import { useSaveDataChoice } from "#app/utils/save-data";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { invariantResponse } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";
import { saveDataCookie } from "#app/web/save-data.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["profile"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  await requireUser(request, lang);
  // What is on and why comes with the root's data (useSaveDataChoice), read once per request.
  return { title: translator(lang, "profile")("dataSaving.title") };
}

/**
 * Data saving for the account (signed in) or for this device (a cookie; anyone, also signed out:
 * the footer's switch posts here from any page and returns to it). Decision record 095.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const submission = parseForm(await readForm(request), { schema: saveDataSchema });
  // Every button sends both fields, so only a broken body gets here.
  invariantResponse(submission.status === "success", "Malformed form body");
  const { scope, saveData, redirectTo } = submission.value;
  const on = saveData === "on";
  const headers = new Headers();
  if (scope === "account") {
    const user = await requireUser(request, lang);
    await setAccountSaveData(deps(context), user.id, on);
  } else headers.append("Set-Cookie", saveDataCookie(on));
  const back = safeRedirect(redirectTo, localePath(lang, "/settings/data"));
  return redirectWithToast(back, { type: "success", key: on ? "toasts.saveDataOn" : "toasts.saveDataOff" }, { headers });
}

/** With scripts, a send the dropped connection swallowed keeps the page and what was typed. */
export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";

export default function DataSavingPage() {
  const { t } = useTranslation("profile");
  const choice = useSaveDataChoice();
  const account = choice.reasons.includes("account");
  const device = choice.reasons.includes("device");
  return (
    <section className="max-w-2xl">
      <h1 className="text-2xl font-bold">{t("dataSaving.title")}</h1>
      <p className="mt-1 text-stone-700">{t("dataSaving.subtitle")}</p>
      <NotSentPageNotice />
      <div className="mt-6 rounded-lg border border-stone-200 bg-white p-4" data-testid="save-data-status">
        <p className="font-semibold">{choice.on ? t("dataSaving.statusOn") : t("dataSaving.statusOff")}</p>
        {choice.reasons.length ? (
          <ul className="mt-1 list-disc pl-5 text-sm text-stone-700">
            {choice.reasons.map((reason) => (
              <li key={reason}>{t(`dataSaving.reasons.${reason}`)}</li>
            ))}
          </ul>
        ) : null}
        {choice.reasons.includes("browser") ? <p className="mt-2 text-sm text-stone-600">{t("dataSaving.browserNote")}</p> : null}
      </div>
      <Switch scope="account" on={account} title={t("dataSaving.account.title")} text={t("dataSaving.account.text")} />
      <Switch scope="device" on={device} title={t("dataSaving.device.title")} text={t("dataSaving.device.text")} />
    </section>
  );
}

/** One switch: a plain form whose one button turns it the other way (works without JavaScript). */
function Switch({ scope, on, title, text }: { scope: "account" | "device"; on: boolean; title: string; text: string }) {
  const { t } = useTranslation("profile");
  return (
    <Form method="post" className="mt-4 rounded-lg border border-stone-200 bg-white p-4">
      <h2 className="font-semibold">{title}</h2>
      <p className="text-sm text-stone-600">{text}</p>
      <p className="mt-1 text-sm">{on ? t("dataSaving.on") : t("dataSaving.off")}</p>
      <input type="hidden" name="scope" value={scope} />
      <Button variant={on ? "secondary" : "primary"} name="saveData" value={on ? "off" : "on"} className="mt-3">
        {t(`dataSaving.${scope}.${on ? "turnOff" : "turnOn"}`)}
      </Button>
    </Form>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
