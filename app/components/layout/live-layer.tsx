import { useTranslation } from "react-i18next";
import type { Locale } from "#app/modules/i18n/config";

/** The JSON the live script reads; `<` is escaped so no text can close the script element. */
const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * What the live script (app/islands/live.ts, decision records 030 and 039) needs on every page of a signed-in
 * user: its settings, with the address of the markup it clones for toasts and the bell's dropdown
 * (app/components/layout/live-templates.tsx, fetched by the script). The script itself is loaded
 * with the page's nonce, also on pages that ship no React.
 */
export function LiveLayer({
  lang,
  userId,
  chatId,
  templatesUrl,
  nonce,
  waitForUse = false,
}: {
  lang: Locale;
  userId: string;
  chatId: string | null;
  /** The translated templates, fetched by the script before it shows anything. */
  templatesUrl: string;
  nonce: string;
  /** Data saving: the stream opens only when the bell's dropdown or a chat is opened (decision record 095). */
  waitForUse?: boolean;
}) {
  const { t } = useTranslation("notifications");
  const config = {
    lang,
    chat: chatId,
    me: userId,
    tpl: templatesUrl,
    lazy: waitForUse || undefined,
    t: { bellLabel: t("nav.notifications", { ns: "common" }), chatsLabel: t("nav.chats", { ns: "common" }) },
  };
  return (
    <>
      <script type="application/json" id="live-config" nonce={nonce} dangerouslySetInnerHTML={{ __html: json(config) }} />
    </>
  );
}
