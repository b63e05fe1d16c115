import type { Locale } from "#app/modules/i18n/config";
import { translator } from "#app/modules/i18n/i18next.server";
import type { Mail } from "#app/services/mailer/mailer";

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
  | "adminTest";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * Builds a message in the recipient's language; `link` is the one action it offers, if any, and
 * `vars` fills the kind's own placeholders (a session's title and time).
 */
export function buildEmail(input: { to: string; lang: Locale; kind: EmailKind; name: string; link?: string; vars?: Record<string, string | number> }): Mail {
  const t = translator(input.lang, "emails");
  const vars = { ...input.vars, name: input.name, appName: t("appName") };
  const subject = t(`${input.kind}.subject`, vars);
  const body = t(`${input.kind}.body`, vars);
  const action = input.link ? t(`${input.kind}.action`, vars) : null;
  // A kind may say why this person got it (a booked seat); otherwise the account notice.
  const footer = t([`${input.kind}.footer`, "footer"], vars);
  const text = [t("greeting", vars), "", body, "", ...(input.link ? [`${action}: ${input.link}`, ""] : []), footer].join("\n");
  const html = `<!doctype html><html lang="${input.lang}"><body style="font-family:sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(t("greeting", vars))}</p><p>${escapeHtml(body)}</p>
${input.link ? `<p><a href="${escapeHtml(input.link)}" style="background:#0b7285;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action ?? "")}</a></p><p style="font-size:13px;color:#4b5563">${escapeHtml(input.link)}</p>` : ""}
<p style="font-size:13px;color:#4b5563">${escapeHtml(footer)}</p></body></html>`;
  return { to: input.to, subject, text, html };
}
