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
};

/**
 * What a page gives the payment-dialogs island (decision record 032), as JSON beside the inline
 * script that loads it: the island's address, its words, and the props of each dialog the page
 * offers, by kind (the `data-payment-dialog` value of the element that opens it).
 */
export type PaymentDialogsConfig = {
  entry: string;
  i18n: { lang: string; resources: Record<string, unknown> };
  dialogs: Record<string, unknown>;
};
