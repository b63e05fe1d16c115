import { REGISTER_WORKER } from "#app/modules/offline/rules";
import { afterPaintScript } from "#app/utils/after-paint";

/** The site's icon. The head names none at first (see PLACEHOLDER_ICON): the browser would fetch it before the first paint. */
export const ICON = "/favicon.svg";

/**
 * The head's icon until the script names the real one: an empty `data:` URL costs no request, and
 * with an icon named the browser does not go looking for /favicon.ico on its own at `load`.
 */
export const PLACEHOLDER_ICON = "data:,";

/**
 * What the script below adds, read from its own data attributes: a plain page's full stylesheet
 * (`data-href`), the icon and the manifest (`data-manifest`), the live layer's script (`data-src`;
 * a script made by this nonced one is trusted: 'strict-dynamic'), then the service worker. The
 * build files' attributes end in `href` and `src` so that the service worker finds the files of a
 * page it keeps (buildFilesOf).
 */
const ADD_AFTER_PAINT = afterPaintScript(
  'var a=c.dataset,b=document.body,h=document.head;function n(p,r,u){if(u){var e=document.createElement(r?"link":"script");r?(e.rel=r,e.href=u):e.src=u;p.appendChild(e)}}' +
    `n(b,"stylesheet",a.href);n(h,"icon",${JSON.stringify(ICON)});n(h,"manifest",a.manifest);n(b,0,a.src);` +
    REGISTER_WORKER,
);

/**
 * The page's one script for what its first view does not need (decision record 093): nothing it
 * asks for, not even the browser's own fetch of the manifest, shares the first round trips with the
 * page or finishes before its first paint. Without JavaScript the `<noscript>` links in the head and
 * after the page load the stylesheet, icon and manifest as before.
 */
export function AfterPaint({
  nonce,
  stylesheet,
  manifest,
  liveScript,
}: {
  nonce: string;
  /** Only on a plain page that inlined its critical CSS; a hydrating page links it itself. */
  stylesheet: string | null;
  manifest: string;
  /** Only for a signed-in user. */
  liveScript: string | null;
}) {
  return (
    <script
      nonce={nonce}
      data-href={stylesheet ?? undefined}
      data-manifest={manifest}
      data-src={liveScript ?? undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: ADD_AFTER_PAINT }}
    />
  );
}
