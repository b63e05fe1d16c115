import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { SessionForm } from "#app/components/sessions/session-form";
import { requireUser } from "#app/modules/auth/guards.server";
import { deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { sessionFormSchema } from "#app/modules/sessions/schema";
import { getSessionForViewer, sessionFormValues, updateSession } from "#app/modules/sessions/sessions.server";
import { redirectWithToast } from "#app/modules/toast/toast.server";
import { readForm } from "#app/utils/form.server";

export const handle = { i18n: ["sessions", "validation"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = params.lang as Locale;
  const user = await requireUser(request, lang);
  const page = await getSessionForViewer(deps(), params.id ?? "", user);
  if (!page) throw new Response("Not Found", { status: 404 });
  if (!page.isHost && !user.isAdmin) throw data({ guard: true, fallback: localePath(lang, `/session/${page.row.id}`) }, { status: 403 });
  return { title: translator(lang, "sessions")("form.editTitle"), timeZone: page.row.time_zone, values: sessionFormValues(page.row) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = params.lang as Locale;
  const user = await requireUser(request, lang);
  const d = deps();
  const page = await getSessionForViewer(d, params.id ?? "", user);
  if (!page) throw new Response("Not Found", { status: 404 });
  const submission = parseWithZod(await readForm(request), { schema: sessionFormSchema({ now: d.now, timeZone: page.row.time_zone }) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await updateSession(d, user, page.row.id, submission.value);
  if (!result.ok && result.status === 403) throw data({ guard: true, fallback: localePath(lang, `/session/${page.row.id}`) }, { status: 403 });
  if (!result.ok && result.status === 404) throw new Response("Not Found", { status: 404 });
  if (!result.ok) return data(submission.reply({ formErrors: ["sessions:toasts.updateFailed"] }), { status: 400 });
  return redirectWithToast(localePath(lang, `/session/${page.row.id}`), { type: "success", key: "sessions:toasts.updated" });
}

export default function EditSessionPage() {
  const { timeZone, values } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t, i18n } = useTranslation("sessions");
  return (
    <section>
      <h1 className="text-2xl font-bold">{t("form.editTitle")}</h1>
      <SessionForm mode="edit" lastResult={lastResult} defaultValue={values} timeZone={timeZone} lang={i18n.language as Locale} />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
