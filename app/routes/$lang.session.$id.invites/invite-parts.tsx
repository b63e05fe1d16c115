import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button";
import { Field, SelectField } from "#app/components/ui/field";
import { INVITE_LIMITS, INVITE_TYPES, inviteFormSchema } from "#app/modules/invites/rules";
import type { InvitesPage } from "./invites.server";

/** The form that makes an invite (code, type, uses, discount, expiry). */
export function NewInviteForm({ lastResult, minDate, busy }: { lastResult: SubmissionResult<string[]> | undefined; minDate: string; busy: boolean }) {
  const { t } = useTranslation("sessions");
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
        inputProps={{ ...getInputProps(fields.expiresOn, { type: "date" }), min: minDate }}
      />
      <div className="sm:col-span-2">
        <Button disabled={busy} name="intent" value="create">
          {t("invites.create")}
        </Button>
      </div>
    </Form>
  );
}

/** The session's invites, each with its link and, unless revoked already, a revoke button. */
export function InviteList({ invites }: { invites: InvitesPage["invites"] }) {
  const { t } = useTranslation("sessions");
  if (!invites.length) return <p className="rounded-lg border border-dashed border-stone-300 p-6 text-center text-stone-600">{t("invites.none")}</p>;
  return (
    <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
      {invites.map((invite) => (
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
  );
}
