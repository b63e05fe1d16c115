import type { OxxoDialogProps as Shown } from "#app/modules/payments/dialogs";

/** What the OXXO name dialog is given; apart from the dialog itself, so a page can name it without pulling the dialog in. */
export type OxxoDialogProps = Shown & { onClose: () => void };
