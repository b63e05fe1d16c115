import type { Locale } from "#app/modules/i18n/config";

/**
 * Lines and veils typed on the page before a dialog opened (decision record 061): the dialog sends
 * them with its payment request, under the API's field names.
 */
export type PageSafety = { lines: string[]; veils: string[]; safetyNote: string; anonymous: boolean };

/** What the card payment dialog needs (spec section 2, card payment dialog). */
export type CardDialogProps = {
  sessionId: string;
  sessionTitle: string;
  /** The total in US format. */
  total: string;
  /** Stripe's publishable key; null while the offline adapter plays Stripe. */
  publishableKey: string | null;
  lang: string;
  inviteCode?: string;
  /**
   * A subscription's first payment (decision record 051): the intent is asked for the series, and
   * a paid card goes on to the series' processing page, which lands on the series once the webhook confirmed it.
   */
  seriesId?: string;
  safety?: PageSafety;
};

/** What the OXXO name dialog shows (spec section 2, OXXO confirmation dialog). */
export type OxxoDialogProps = {
  sessionId: string;
  sessionTitle: string;
  lang: Locale;
  /** The price as the page shows it ("$250.00 MXN"). */
  total: string;
  inviteCode?: string;
  /** The session's date in Mexican Spanish (spec section 2); left out when unknown. */
  date?: string;
  location?: string | null;
  /** How many days the voucher can be paid in (the session's voucher payment window). */
  voucherDays?: number;
  /** The names the dialog starts with: the payer's own, as the name page pre-fills them. */
  names?: { firstName: string; lastName: string };
  safety?: PageSafety;
};

/**
 * What a page gives the payment-dialogs island (decision record 032), as JSON beside the inline
 * script that loads it: the island's address, where its words are, and the props of each dialog
 * the page offers, by kind (the `data-payment-dialog` value of the element that opens it).
 */
export type PaymentDialogsConfig = {
  entry: string;
  /**
   * The translation files the dialogs read, by namespace, fetched with the island when one opens:
   * inlined, they made a confirmation page 5 KB of gzip heavier than its first flight allows
   * (decision record 093). Each address carries a hash of its content, so a browser never reads an
   * old copy from its cache.
   */
  i18n: { lang: string; files: Record<string, string> };
  dialogs: Record<string, unknown>;
  /** The inline loader script (built from app/islands/dialogs-loader-inline.ts); not part of the page's JSON. */
  loader: string;
};
