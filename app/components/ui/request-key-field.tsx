import { useLocation } from "@remix-run/react";
import { useMemo } from "react";
import { REQUEST_KEY_FIELD } from "#app/modules/request-keys/rules";
import { newRequestKey } from "./new-request-key";

/**
 * The key that makes this rendered form act once (decision record 096): sent twice (a double tap,
 * a retry, the back button), it books, pays or posts once. A new page (a new location) renders a
 * new key; a form refused with the user's values keeps its key, which the refusal did not use up.
 * The server's and the browser's renders make different keys: whichever is in the page is sent.
 */
export function RequestKeyField() {
  const location = useLocation();

  const key = useMemo(newRequestKey, [location.key]);
  return <input type="hidden" name={REQUEST_KEY_FIELD} value={key} suppressHydrationWarning />;
}
