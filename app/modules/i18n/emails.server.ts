import { composeEmail } from "#app/lib/mail.server";
import type { Mail } from "#app/services/mailer/mailer";
import type { Locale } from "./config";
import { translator } from "./i18next.server";

export type EmailKind =
  | "verifyEmail"
  | "resetPassword"
  | "accountExists"
  | "passwordChanged"
  | "sessionReminder"
  | "sessionStarting"
  | "oxxoVoucher"
  | "paymentDue"
  | "reviewRequested"
  | "inquiryReceived"
  | "inquiryAccepted"
  | "inquiryDeclined"
  | "inquiryDeclinedPlain"
  | "payoutAccountRestricted"
  | "adminTest";

/**
 * Builds a message in the recipient's language; `link` is the one action it offers, if any, and
 * `vars` fills the kind's own placeholders (a session's title and time). The layout is the shared
 * composer's (app/lib/mail.server.ts); this names the kinds the emails namespace has words for.
 */
export function buildEmail(input: { to: string; lang: Locale; kind: EmailKind; name: string; link?: string; vars?: Record<string, string | number> }): Mail {
  const t = translator(input.lang, "emails");
  return composeEmail((key, vars) => t(key, vars), { ...input, appName: t("appName") });
}
