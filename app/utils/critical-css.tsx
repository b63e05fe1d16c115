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

/**
 * The full stylesheet after a page that inlined its critical CSS. A page that hydrates links it at
 * the end of its body, at low priority (React must find the element it rendered). A plain page's
 * after-paint script (app/components/layout/after-paint.tsx) asks for it once the page has painted:
 * its first view needs nothing from it; without JavaScript this `<noscript>` link loads it.
 */
export function FullStylesheet({ href, hydrating }: { href: string; hydrating: boolean }) {
  // React 18 knows no fetchPriority prop.
  if (hydrating) return <link rel="stylesheet" href={href} {...{ fetchpriority: "low" }} />;
  return (
    <noscript>
      <link rel="stylesheet" href={href} />
    </noscript>
  );
}
