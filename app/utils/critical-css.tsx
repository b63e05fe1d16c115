import { createContext, useContext } from "react";

/**
 * A page's critical CSS (decision record 093): set by the server entry for the document it renders,
 * read by the root layout, which inlines it in the head and then loads the full stylesheet at the
 * end of the body without blocking the first paint.
 */
const CriticalCssContext = createContext<string | null>(null);
export const CriticalCssProvider = CriticalCssContext.Provider;

export const CRITICAL_CSS_ID = "critical-css";

/**
 * On the server, what the entry provided. In the browser, whatever the server sent: a hydrating
 * page must render the same head and body ends as its HTML, and a page later reached by client
 * navigation keeps the document's elements as they are.
 */
export function useCriticalCss(): string | null {
  const provided = useContext(CriticalCssContext);
  if (typeof document === "undefined") return provided;
  return document.getElementById(CRITICAL_CSS_ID)?.textContent ?? null;
}
