/**
 * The inline script of a page served as plain HTML: reads the page's config and listens for the
 * first click on a payment button. Built to a minified string by server/build-islands.ts.
 */
import { listenForPaymentDialogs, PAYMENT_DIALOGS_CONFIG_ID } from "./dialogs-loader";

const element = document.getElementById(PAYMENT_DIALOGS_CONFIG_ID);
if (element?.textContent) listenForPaymentDialogs(JSON.parse(element.textContent));
