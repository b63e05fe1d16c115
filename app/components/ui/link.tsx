import { Link as RemixLink, type LinkProps } from "@remix-run/react";
import { createContext, forwardRef, useContext } from "react";
import { useSaveData } from "#app/utils/save-data";

const PlainHtml = createContext(false);

/** Set by the root: true when the page is served without React's scripts (decision record 009). */
export const PlainHtmlProvider = PlainHtml.Provider;

/**
 * A link: Remix's `Link` (client-side navigation, prefetching) where the page hydrates, a plain
 * anchor where it never will. Remix's link resolves its target through the router on every render;
 * on a page of plain HTML that work bought nothing and was a tenth of the search page's rendering.
 * Only absolute paths are written plainly: a relative path, a bare query or fragment still goes
 * through the router, which resolves it against the route (a browser would resolve it differently).
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const plain = useContext(PlainHtml);
  const saveData = useSaveData();
  const { to, prefetch, reloadDocument, replace, state, preventScrollReset, relative, viewTransition, discover, ...anchor } = props;
  // Saving data (decision record 095), the router fetches nothing ahead: no page data, no route lookup until the click.
  if (saveData && !plain) return <RemixLink ref={ref} {...props} prefetch="none" discover="none" />;
  if (!plain || typeof to !== "string" || !to.startsWith("/") || to.startsWith("//")) return <RemixLink ref={ref} {...props} />;
  void [prefetch, reloadDocument, replace, state, preventScrollReset, relative, viewTransition, discover];
  return <a ref={ref} href={to} {...anchor} />;
});
