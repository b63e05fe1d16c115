import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button, buttonClass } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/form-errors";
import { Link } from "#app/components/ui/link";
import { attendanceSheet, markAttendance } from "#app/modules/attendance/attendance.server";
import { attendanceSheetSchema, MARK_FIELD_PREFIX } from "#app/modules/attendance/schema";
import { deps } from "#app/modules/deps.server";
import { localePath } from "#app/modules/i18n/rules";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { forbidden, notFound } from "#app/web/http";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { refuse } from "#app/web/replies.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["attendance", "validation"], hydrate: false };

/** The host's attendance sheet for a past session: each confirmed player, present or no-show. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const sheet = await attendanceSheet(deps(context), user, params.id ?? "");
  if (!sheet.ok && sheet.refusal === "notFound") notFound();
  if (!sheet.ok) forbidden(localePath(lang, `/session/${params.id ?? ""}`));
  return {
    sessionId: sheet.session.id,
    title: sheet.session.title,
    closed: sheet.closed,
    seats: sheet.seats.map((s) => ({ userId: s.user_id, name: s.display_name || s.first_name, attendance: s.attendance })),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const sessionId = params.id ?? "";
  const submission = parseForm(await readForm(request), { schema: attendanceSheetSchema });
  if (submission.status !== "success") return refuse("invalid", { error: "attendance:errors.invalidMarks" });
  const result = await markAttendance(deps(context), user, sessionId, submission.value);
  if (!result.ok && result.refusal === "notFound") notFound();
  if (!result.ok && result.refusal === "forbidden") forbidden(localePath(lang, `/session/${sessionId}`));
  if (!result.ok) return refuse("conflict", { error: `attendance:errors.${result.error}` });
  return redirectWithToast(localePath(lang, `/session/${sessionId}/attendance`), { type: "success", key: "attendance:toasts.saved" });
}

export default function AttendancePage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("attendance");
  const back = localePath(pageLocale(i18n.language), `/session/${loaded.sessionId}`);
  return (
    <section className="mx-auto max-w-xl rounded-lg border border-stone-200 bg-white p-6">
      <h1 className="text-xl font-bold">{t("sheet.title", { title: loaded.title })}</h1>
      <p className="mt-2 text-stone-700">{t("sheet.intro")}</p>
      {loaded.closed ? (
        <p role="status" className="mt-4 rounded-md bg-amber-50 p-3 text-amber-900">
          {t(`errors.${loaded.closed}`)}
        </p>
      ) : null}
      {loaded.seats.length === 0 ? <p className="mt-4 text-stone-700">{t("sheet.empty")}</p> : null}
      {loaded.seats.length > 0 && !loaded.closed ? (
        <Form method="post" className="mt-4 space-y-4">
          <FormErrors id="attendance-errors" errors={actionData?.error ? [actionData.error] : undefined} />
          <ul className="divide-y divide-stone-200">
            {loaded.seats.map((seat) => (
              <li key={seat.userId} className="py-3">
                <fieldset>
                  <legend className="font-medium">{seat.name}</legend>
                  <div className="mt-2 flex flex-wrap gap-4">
                    <label className="flex items-center gap-2">
                      <input type="radio" name={`${MARK_FIELD_PREFIX}${seat.userId}`} value="PRESENT" defaultChecked={seat.attendance !== "NO_SHOW"} />
                      {t("sheet.present")}
                    </label>
                    <label className="flex items-center gap-2">
                      <input type="radio" name={`${MARK_FIELD_PREFIX}${seat.userId}`} value="NO_SHOW" defaultChecked={seat.attendance === "NO_SHOW"} />
                      {t("sheet.noShow")}
                    </label>
                  </div>
                </fieldset>
              </li>
            ))}
          </ul>
          <p className="text-sm text-stone-600">{t("sheet.defaultNote")}</p>
          <div className="flex flex-wrap gap-2">
            <Button>{t("sheet.save")}</Button>
            <Link to={back} className={buttonClass("secondary")}>
              {t("sheet.back")}
            </Link>
          </div>
        </Form>
      ) : (
        <Link to={back} className={`${buttonClass("secondary")} mt-4`}>
          {t("sheet.back")}
        </Link>
      )}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
