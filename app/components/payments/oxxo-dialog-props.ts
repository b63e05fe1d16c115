import type { Locale } from "#app/modules/i18n/config";

/** What the OXXO name dialog is given; apart from the dialog itself, so a page can name it without pulling the dialog in. */
export type OxxoDialogProps = {
  sessionId: string;
  sessionTitle: string;
  lang: Locale;
  /** The price as the page shows it ("$250.00 MXN"). */
  total: string;
  inviteCode?: string;
  onClose: () => void;
  /** The session's date in Mexican Spanish (spec section 2); left out when unknown. */
  date?: string;
  location?: string | null;
  /** How many days the voucher can be paid in (the session's voucher payment window). */
  voucherDays?: number;
};
