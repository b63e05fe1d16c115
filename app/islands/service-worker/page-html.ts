/**
 * What the worker's own pages (the offline page, the "not sent" page) share: they are written here,
 * not fetched, so they exist with no network at all, their style inline.
 */

/** Any text put in the page's HTML, attribute values included. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The page's body and text, in the brand's colours (tailwind.config.ts), with the contrast axe asks for.
export const BASE_STYLE =
  "body{margin:0;font-family:system-ui,sans-serif;color:#1c1917;background:#fafaf9;line-height:1.5}" +
  "main{max-width:36rem;margin:2rem auto;padding:0 1rem}h1{font-size:1.5rem;margin:0 0 .5rem}";
