// The OXXO choice of the series confirmation, with the names the voucher carries.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SafetyFields } from "#app/components/safety/safety-fields";
import { Button } from "#app/components/ui/button";
import { Field } from "#app/components/ui/field";
import { RequestKeyField } from "#app/components/ui/request-key-field";
import { oxxoNameSchema } from "#app/modules/subscriptions/schema";
import type { action, loader } from "./route";

/** OXXO needs the payer's names on the voucher: asked right here, so it works without a dialog. */
export function OxxoForm({ fields }: { fields: Record<string, string> }) {
  const page = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const lastResult = acted && "safety" in acted ? undefined : acted;
  // What was typed in this form's lines and veils, with their messages when they were the trouble.
  const safety =
    acted && "safety" in acted ? (acted.intent === "payOxxo" ? acted.safety : undefined) : acted && "oxxoSafety" in acted ? acted.oxxoSafety : undefined;
  const { t } = useTranslation("subscriptions");
  const [form, inputs] = useForm({
    lastResult,
    defaultValue: page.names,
    constraint: getZodConstraint(oxxoNameSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: oxxoNameSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2 rounded-md border border-stone-200 p-3">
      <RequestKeyField />
      <input type="hidden" name="intent" value="payOxxo" />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p className="text-sm text-stone-700">{t("actions.oxxoNote")}</p>
      <Field
        label={t("oxxo.firstName", { ns: "payments" })}
        errors={inputs.firstName.errors}
        inputProps={{ ...getInputProps(inputs.firstName, { type: "text" }), autoComplete: "given-name" }}
      />
      <Field
        label={t("oxxo.lastName", { ns: "payments" })}
        errors={inputs.lastName.errors}
        inputProps={{ ...getInputProps(inputs.lastName, { type: "text" }), autoComplete: "family-name" }}
      />
      <SafetyFields state={safety} idPrefix="oxxo-" />
      <Button variant="secondary" className="w-full">
        {t("actions.payOxxo")}
      </Button>
    </Form>
  );
}
