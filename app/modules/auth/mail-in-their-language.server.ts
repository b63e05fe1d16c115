import type { Deps } from "#app/modules/deps.server";
import { buildEmail, type EmailKind } from "#app/modules/i18n/emails.server";
import { localePath, recipientLang } from "#app/modules/i18n/rules";
import { displayNameOf } from "#app/modules/users/rules";

/** Someone written to, as a users row names them: the address, the display name and the language they chose. */
export type Addressee = { email: string; display_name: string | null; preferred_language: string | null };

/**
 * Mails `kind` to someone in the language they chose (the default one when they chose none we
 * have), greeted by their display name (else the start of their address), with the mail's one
 * link to `path` of this site in that same language; no path, no link.
 */
export async function mailInTheirLanguage(
  deps: Pick<Deps, "mailer" | "appUrl">,
  to: Addressee,
  mail: { kind: EmailKind; path?: string; vars?: Record<string, string | number> },
) {
  const lang = recipientLang(to.preferred_language ?? "");
  await deps.mailer.send(
    buildEmail({
      to: to.email,
      lang,
      kind: mail.kind,
      name: displayNameOf({ displayName: to.display_name, email: to.email }),
      ...(mail.path === undefined ? {} : { link: `${deps.appUrl}${localePath(lang, mail.path)}` }),
      ...(mail.vars ? { vars: mail.vars } : {}),
    }),
  );
}
