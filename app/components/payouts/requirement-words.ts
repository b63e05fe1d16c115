import { useTranslation } from "react-i18next";
import { requirementKey } from "#app/modules/payouts/rules";

/** A requirement id of Stripe's, in words: known ones translated, others spelled out from the id. */
export function useRequirementWords() {
  const { t } = useTranslation("payouts");
  return (id: string) => t(requirementKey(id), { defaultValue: id.replaceAll(/[._]/g, " ") });
}
