import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DeskSection } from "#app/components/admin/desk-section";
import { Button } from "#app/components/ui/button";
import { Field, SelectField, TextareaField } from "#app/components/ui/field";
import { RequestKeyField } from "#app/components/ui/request-key-field";
import { REFUND_NOTE_MAX } from "#app/modules/moderation/refund-desk";
import { REFUND_REASONS } from "#app/services/payments/payments";

export type ManualValues = { payment: string; reason: string; note: string };
type ManualReply = { form: "manual"; values: ManualValues; errors: Partial<Record<keyof ManualValues, string[]>> };

/** The manual refund: a payment (or booking) id, one of the spec's reasons and an optional note. */
export function ManualRefundForm({ manual }: { manual: ManualReply | undefined }) {
  const { t } = useTranslation("admin");
  return (
    <DeskSection id="manual" heading={t("refunds.manualHeading")} boxed>
      <p className="text-sm text-stone-700">{t("refunds.manualHelp")}</p>
      <Form method="post" className="space-y-2">
        <RequestKeyField />
        <input type="hidden" name="intent" value="refund" />
        <Field
          label={t("refunds.paymentLabel")}
          errors={manual?.errors.payment}
          inputProps={{ id: "refund-payment", name: "payment", required: true, defaultValue: manual?.values.payment ?? "", autoComplete: "off" }}
        />
        <SelectField
          label={t("refunds.reasonLabel")}
          errors={manual?.errors.reason}
          selectProps={{ id: "refund-reason", name: "reason", required: true, defaultValue: manual?.values.reason ?? "" }}
        >
          <option value="">{t("refunds.reasonChoose")}</option>
          {REFUND_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`refunds.reasons.${r}`)}
            </option>
          ))}
        </SelectField>
        <TextareaField
          label={t("refunds.noteLabel")}
          errors={manual?.errors.note}
          textareaProps={{ id: "refund-note", name: "note", rows: 2, maxLength: REFUND_NOTE_MAX, defaultValue: manual?.values.note ?? "" }}
        />
        <Button>{t("refunds.refund")}</Button>
      </Form>
    </DeskSection>
  );
}
