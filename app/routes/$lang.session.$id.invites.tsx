import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { Field, SelectField } from "#app/components/ui/field";
import { Link } from "#app/components/ui/link";
import { todayIn } from "#app/modules/dates/day";
import { deps } from "#app/modules/deps.server";
import { formatDateTime } from "#app/modules/i18n/format";
import { localePath } from "#app/modules/i18n/rules";
import { createInvite, revokeSessionInvite, sessionInvites } from "#app/modules/invites/invites.server";
import { INVITE_LIMITS, INVITE_TYPES, inviteFormSchema, inviteProblem } from "#app/modules/invites/rules";
import { redirectWithToast } from "#app/modules/toast/toast.server";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { refusalStatus, throwPageRefusal } from "#app/web/refusals.server";
import { refuse } from "#app/web/replies.server";

export const handle = { i18n: ["sessions", "validation"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Mesa` : "Mesa" }];

/** The host's invite codes for one session: make, share, revoke (plain forms; works without JavaScript). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const d = deps(context);
  const found = await sessionInvites(d, user, params.id ?? "");
  if (!found.ok) return throwPageRefusal(found.refusal, localePath(lang, `/session/${params.id ?? ""}`));
  const origin = new URL(request.url).origin;
  return {
    title: found.session.title,
    sessionId: found.session.id,
    isPrivate: found.session.is_private,
    minDate: todayIn(user.timeZone, d.now),
    invites: found.invites.map((invite) => ({
      id: invite.id,
      code: invite.code,
      type: invite.type,
      uses: invite.uses,
      maxUses: invite.max_uses,
      discountPercent: invite.discount_percent,
      expires: invite.expires_at ? formatDateTime(new Date(invite.expires_at), lang, user.timeZone) : null,
      problem: inviteProblem(invite, d.now),
      link: `${origin}${localePath(lang, `/session/${found.session.id}/confirm`)}?invite=${encodeURIComponent(invite.code)}`,
    })),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const form = await readForm(request);
  const d = deps(context);
  const sessionId = params.id ?? "";
  const back = localePath(lang, `/session/${sessionId}/invites`);
  if (form.get("intent") === "revoke") {
    const result = await revokeSessionInvite(d, user, sessionId, String(form.get("inviteId") ?? ""));
    if (!result.ok && result.refusal === "forbidden") throwPageRefusal(result.refusal, localePath(lang, `/session/${sessionId}`));
    return redirectWithToast(
      back,
      result.ok ? { type: "success", key: "sessions:toasts.inviteRevoked" } : { type: "error", key: "sessions:toasts.inviteRevokeFailed" },
    );
  }
  const submission = parseForm(form, { schema: inviteFormSchema });
  if (submission.status !== "success") return refuse("invalid", submission.reply());
  const result = await createInvite(d, user, sessionId, submission.value);
  if (!result.ok) {
    if (result.refusal === "invalid")
      return data(submission.reply({ fieldErrors: { [result.field]: [result.error] } }), { status: refusalStatus(result.refusal) });
    return throwPageRefusal(result.refusal, localePath(lang, `/session/${sessionId}`));
  }
  return redirectWithToast(back, { type: "success", key: "sessions:toasts.inviteCreated", params: { code: result.code } });
}

export default function InvitesPage() {
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t, i18n } = useTranslation("sessions");
  const lang = pageLocale(i18n.language);
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "invite",
    lastResult,
    constraint: getZodConstraint(inviteFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteFormSchema }),
    defaultValue: { type: "access", maxUses: String(INVITE_LIMITS.usesDefault) },
  });
  return (
    <section className="max-w-3xl space-y-6">
      <div>
        <Link to={localePath(lang, `/session/${page.sessionId}`)} className="text-sm text-brand-700 underline">
          {page.title}
        </Link>
        <h1 className="mt-1 text-2xl font-bold">{t("invites.title")}</h1>
        <p className="mt-1 text-stone-700">{page.isPrivate ? t("invites.subtitlePrivate") : t("invites.subtitlePublic")}</p>
      </div>
      <Form method="post" {...getFormProps(form)} className="grid gap-3 rounded-lg border border-stone-200 bg-white p-5 sm:grid-cols-2">
        <Field
          label={t("invites.code")}
          hint={t("invites.codeHint", { min: INVITE_LIMITS.hostCodeMin, max: INVITE_LIMITS.codeMax })}
          errors={fields.code.errors}
          inputProps={{ ...getInputProps(fields.code, { type: "text" }), autoComplete: "off", spellCheck: false }}
        />
        <SelectField label={t("invites.type")} errors={fields.type.errors} selectProps={getSelectProps(fields.type)}>
          {INVITE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`invites.types.${type}`)}
            </option>
          ))}
        </SelectField>
        <Field
          label={t("invites.maxUses")}
          hint={t("invites.maxUsesHint", { min: INVITE_LIMITS.usesMin, max: INVITE_LIMITS.usesMax })}
          errors={fields.maxUses.errors}
          inputProps={{ ...getInputProps(fields.maxUses, { type: "number" }), min: INVITE_LIMITS.usesMin, max: INVITE_LIMITS.usesMax, inputMode: "numeric" }}
        />
        <Field
          label={t("invites.discountPercent")}
          hint={t("invites.discountHint", { min: INVITE_LIMITS.discountMin, max: INVITE_LIMITS.discountMax })}
          errors={fields.discountPercent.errors}
          inputProps={{
            ...getInputProps(fields.discountPercent, { type: "number" }),
            min: INVITE_LIMITS.discountMin,
            max: INVITE_LIMITS.discountMax,
            inputMode: "numeric",
          }}
        />
        <Field
          label={t("invites.expiresOn")}
          hint={t("invites.expiresHint")}
          errors={fields.expiresOn.errors}
          inputProps={{ ...getInputProps(fields.expiresOn, { type: "date" }), min: page.minDate }}
        />
        <div className="sm:col-span-2">
          <Button disabled={busy} name="intent" value="create">
            {t("invites.create")}
          </Button>
        </div>
      </Form>
      {page.invites.length ? (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {page.invites.map((invite) => (
            <li key={invite.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div className="min-w-0 space-y-1">
                <p className="font-mono text-lg font-semibold">{invite.code}</p>
                <p className="text-sm text-stone-700">
                  {t(`invites.types.${invite.type}`)}
                  {invite.discountPercent ? ` −${invite.discountPercent}%` : ""} · {t("invites.usesValue", { uses: invite.uses, max: invite.maxUses })}
                  {invite.expires ? ` · ${t("invites.expires", { date: invite.expires })}` : ""}
                </p>
                {invite.problem ? <p className="text-sm font-semibold text-red-800">{t(`invites.problems.${invite.problem}`)}</p> : null}
                <label className="block text-xs text-stone-600" htmlFor={`link-${invite.id}`}>
                  {t("invites.link")}
                </label>
                <input
                  id={`link-${invite.id}`}
                  readOnly
                  value={invite.link}
                  className="w-full min-w-0 rounded border border-stone-300 px-2 py-1 font-mono text-xs sm:w-96"
                />
              </div>
              {invite.problem === "revoked" ? null : (
                <Form method="post">
                  <input type="hidden" name="inviteId" value={invite.id} />
                  <Button variant="secondary" name="intent" value="revoke">
                    {t("invites.revoke")}
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed border-stone-300 p-6 text-center text-stone-600">{t("invites.none")}</p>
      )}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
