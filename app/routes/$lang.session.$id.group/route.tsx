import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { PaidGroupMethods, PaidGroupStatus, PaidGroupTerms } from "#app/components/groups/paid-group";
import { Button } from "#app/components/ui/button";
import { Field } from "#app/components/ui/field";
import { Link } from "#app/components/ui/link";
import { RequestKeyField } from "#app/components/ui/request-key-field";
import { confirmationView } from "#app/modules/bookings/confirmation.server";
import { deps } from "#app/modules/deps.server";
import { cancelGroupSeats, groupOf } from "#app/modules/groups/groups.server";
import { type GuestErrors, maxGuests } from "#app/modules/groups/rules";
import { groupPageSchema } from "#app/modules/groups/schema";
import { localePath } from "#app/modules/i18n/rules";
import { paidGroupView, registerGroup } from "#app/modules/payments/group-payments.server";
import { payDeps } from "#app/modules/payments/payments.server";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { invariantResponse, notFound } from "#app/web/http";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { sendToVerify } from "#app/web/refused-forms.server";
import { refuse, seeOther } from "#app/web/replies.server";
import { formOnce } from "#app/web/request-key.server";
import { redirectWithToast } from "#app/web/toast.server";
import { formRows, refusedGroup } from "./group.server";
import { YourGroup } from "./your-group";

export const handle = { i18n: ["groups", "sessions", "validation"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Mesa` : "Mesa" }];

/**
 * Group registration for a session (decision record 062): six fixed guest rows, so it works without
 * JavaScript. In a paid session the booker pays once for their seat and the guests' (card on the
 * provider's page, or an OXXO voucher), and the page shows that payment until it is settled.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const d = deps(context);
  const view = await confirmationView(d, params.id ?? "", user);
  if (!view) notFound();
  const group = await groupOf(d, view.row.id, user);
  const paid = await paidGroupView(d, view.row.id, user, lang);
  const returned = new URL(request.url).searchParams.get("payment") === "success";
  return { sessionId: view.row.id, title: view.row.title, spotsLeft: view.spotsLeft, group, paid, returned };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const sessionId = params.id ?? "";
  const form = await readForm(request);
  const submission = parseForm(form, { schema: groupPageSchema });
  invariantResponse(submission.status === "success", "Unknown intent");
  const back = localePath(lang, `/session/${sessionId}/group`);
  // Sent twice, the same rendered form acts once (decision record 096).
  return formOnce(lang, form, { deps: deps(context), userId: user.id, intent: `session.group.${submission.value.intent}:${sessionId}` }, async () => {
    switch (submission.value.intent) {
      case "cancel": {
        const done = await cancelGroupSeats(deps(context), user, sessionId, submission.value.seatId);
        if (done.ok) return redirectWithToast(back, { type: "success", key: "groups:toasts.cancelled" });
        return redirectWithToast(back, { type: "error", key: done.refusal === "leaveClosed" ? "groups:errors.leaveClosed" : "groups:errors.nothingToCancel" });
      }
      case "book": {
        const result = await registerGroup(payDeps(context), user, sessionId, { guests: formRows(form), method: submission.value.method, lang });
        if (result.ok && result.kind === "free") return redirectWithToast(back, { type: "success", key: "groups:toasts.booked" });
        // The card is paid on the provider's page (the no-JavaScript card path of a single seat), a voucher at a store.
        if (result.ok && result.kind === "checkout") return seeOther(result.url);
        if (result.ok) return redirectWithToast(localePath(lang, `/booking/${result.bookingId}/voucher`), { type: "success", key: "groups:toasts.voucher" });
        if (result.refusal === "emailNotVerified") return sendToVerify(lang, "group");
        if (result.refusal === "notFound") notFound();
        return refuse("invalid", refusedGroup(form, result));
      }
    }
  });
}

export default function GroupPage() {
  const view = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation("groups");
  const lang = pageLocale(i18n.language);
  // As many guest rows as could still fit, a group being at most 6 seats (a paid group's booker takes one of them), never fewer than were typed.
  const fitting = Math.min(maxGuests(Boolean(view.paid)), view.paid ? view.spotsLeft - 1 : view.spotsLeft);
  const rows = Array.from({ length: Math.max(fitting, answer?.typed.length ?? 0) }, (_, i) => ({
    typed: answer?.typed[i] ?? { name: "", email: "" },
    errors: (answer?.rows[i] ?? {}) as GuestErrors,
  }));
  const formError = answer?.form ?? (answer && answer.rows.some((r) => r.name || r.email) ? "errors.invalid" : null);
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <Link to={localePath(lang, `/session/${view.sessionId}`)} className="inline-flex min-h-11 items-center text-brand-700 underline">
        {t("page.back")}
      </Link>
      <h1 className="text-2xl font-semibold">{t("page.title")}</h1>
      <p className="font-medium">{view.title}</p>
      <p className="text-sm text-stone-700">{t("page.intro")}</p>
      <p className="text-sm" data-testid="seats-left">
        {t("page.seatsLeft", { count: view.spotsLeft })}
      </p>
      {view.paid?.paying ? <PaidGroupStatus paying={view.paid.paying} lang={lang} returned={view.returned} /> : null}
      {view.paid && fitting > 0 ? <PaidGroupTerms paid={{ ...view.paid, totals: view.paid.totals.filter((row) => row.seats <= view.spotsLeft) }} /> : null}
      {rows.length === 0 ? (
        <p role="status" className="rounded-md border border-stone-300 bg-stone-50 p-3 text-sm" data-testid="no-room">
          {t(view.paid ? "page.noRoomPaid" : "page.noRoom")}
        </p>
      ) : (
        <Form method="post" className="space-y-4" noValidate>
          <RequestKeyField />
          {formError ? (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
              {t(formError, { count: answer?.seatsLeft ?? 0 })}
            </p>
          ) : null}
          {rows.map((row, i) => (
            <fieldset key={i} className="space-y-2 rounded-md border border-stone-300 p-3">
              <legend className="px-1 text-sm font-medium">{t("page.guest", { n: i + 1 })}</legend>
              <Field
                label={t("page.name")}
                errors={row.errors.name ? [`groups:${row.errors.name}`] : null}
                inputProps={{ name: `guests[${i}].name`, defaultValue: row.typed.name, autoComplete: "off", maxLength: 200 }}
              />
              <Field
                label={t("page.email")}
                errors={row.errors.email ? [`groups:${row.errors.email}`] : null}
                inputProps={{ name: `guests[${i}].email`, type: "email", defaultValue: row.typed.email, autoComplete: "off", inputMode: "email" }}
              />
            </fieldset>
          ))}
          {view.paid ? <PaidGroupMethods oxxo={view.paid.oxxo} /> : null}
          <Button type="submit" name="intent" value="book" className="w-full sm:w-auto">
            {view.paid ? t("paid.submit") : t("page.submit")}
          </Button>
        </Form>
      )}
      <YourGroup seats={view.group} />
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
