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

/** Adds the stylesheet named in its own `data-href` once the page has loaded (at once if it already has). */
const LINK_AFTER_LOAD = `(function(c){function a(){var l=document.createElement("link");l.rel="stylesheet";l.href=c.getAttribute("data-href");document.body.appendChild(l)}document.readyState==="complete"?a():addEventListener("load",a)})(document.currentScript)`;

/**
 * The full stylesheet after a page that inlined its critical CSS. A page that hydrates links it at
 * the end of its body, at low priority (React must find the element it rendered). A plain page asks
 * for it only once it has loaded: its first view needs nothing from it, and on a slow phone the
 * request no longer shares the first round trips with the images in view; without JavaScript the
 * `<noscript>` link loads it as before.
 */
export function FullStylesheet({ href, hydrating, nonce }: { href: string; hydrating: boolean; nonce: string }) {
  // React 18 knows no fetchPriority prop.
  if (hydrating) return <link rel="stylesheet" href={href} {...{ fetchpriority: "low" }} />;
  return (
    <>
      <noscript>
        <link rel="stylesheet" href={href} />
      </noscript>
      <script nonce={nonce} data-href={href} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: LINK_AFTER_LOAD }} />
    </>
  );
}
