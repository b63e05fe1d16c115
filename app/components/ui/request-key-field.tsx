import { useActionData, useLocation } from "@remix-run/react";
import { useState } from "react";
import { REQUEST_KEY_FIELD } from "#app/modules/request-keys/rules";
import { isNotSent } from "#app/web/not-sent";
import { newRequestKey } from "./new-request-key";

/**
 * The key that makes this rendered form act once (decision record 096): sent twice (a double tap,
 * a retry, the back button), it books, pays or posts once. A new page (a new location) renders a
 * new key; a form refused with the user's values keeps its key, which the refusal did not use up.
 * A send the dropped connection swallowed also moves to a new location, but keeps its key: the
 * server may have acted on it, and sending it again must not act twice.
 * The server's and the browser's renders make different keys: whichever is in the page is sent.
 */
export function RequestKeyField() {
  const location = useLocation();
  const notSent = isNotSent(useActionData());
  const [key, setKey] = useState(newRequestKey);
  const [keyedAt, setKeyedAt] = useState(location.key);
  if (keyedAt !== location.key) {
    setKeyedAt(location.key);
    if (!notSent) setKey(newRequestKey());
  }
  return <input type="hidden" name={REQUEST_KEY_FIELD} value={key} suppressHydrationWarning />;
}
