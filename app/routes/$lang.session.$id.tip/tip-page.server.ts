import type { Requester } from "#app/modules/auth/session.server";
import type { Locale } from "#app/modules/i18n/config";
import { formatDateTime } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import type { PayDeps } from "#app/modules/payments/payments.server";
import { formatPrice } from "#app/modules/sessions/rules";
import { centsToText, tipState } from "#app/modules/tips/rules";
import { tipPage } from "#app/modules/tips/tips.server";
import { notFound } from "#app/web/http";

/**
 * The tip form's words and figures for this player, or the 404 of a page that is not theirs (a
 * stranger, the DM, a player without a seat kept to the end or marked absent). Every render
 * carries a new form key: one form sent once, twice or twice at once makes one tip.
 */
export async function tipPageData(d: PayDeps, { lang, user, sessionId }: { lang: Locale; user: Requester; sessionId: string }) {
  const page = await tipPage(d, user, sessionId);
  if (!page.ok) notFound();
  const t = translator(lang, "tips");
  const { currency, limits, latest } = page;
  const money = (cents: number, code: string) => `${formatPrice(cents, code, lang)} ${code}`;
  return {
    heading: t("title", { dm: page.session.dm }),
    intro: t("intro", { dm: page.session.dm, title: page.session.title }),
    sessionHref: localePath(lang, `/session/${page.session.id}`),
    closed: page.closed ? t(`closed.${page.closed}`) : null,
    until: page.closed ? null : t("until", { until: formatDateTime(page.closes, lang, user.timeZone) }),
    currency,
    hint: currency && limits ? t("amountHint", { min: centsToText(limits.minCents, currency), max: centsToText(limits.maxCents, currency), currency }) : null,
    methods: page.methods,
    latest: latest && {
      text: t(`latest.${tipState(latest.status)}`, { amount: money(latest.amount_cents, latest.currency) }),
      href: localePath(lang, `/tip/${latest.id}`),
    },
    formKey: crypto.randomUUID(),
  };
}
