/**
 * The words of one message, looked up by key in the recipient's language: a list of keys takes the
 * first that has a text. The caller passes its translator, so the composer knows no language files.
 */
export type MailWords = (key: string | string[], vars: Record<string, string | number>) => string;

/** A composed message: what a mailer sends (app/services/mailer). */
export type ComposedMail = { to: string; subject: string; text: string; html: string };

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * Composes a message of one kind from its words (`kind.subject`, `kind.body`, `kind.action`, and
 * `kind.footer` or the shared `footer`), as plain text and as HTML; `link` is the one action it
 * offers, if any, and `vars` fills the kind's own placeholders (a session's title and time).
 */
export function composeEmail(
  t: MailWords,
  input: { to: string; lang: string; kind: string; name: string; appName: string; link?: string; vars?: Record<string, string | number> },
): ComposedMail {
  const vars = { ...input.vars, name: input.name, appName: input.appName };
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
