/**
 * The page the worker answers with when there is no network and no kept copy of the address, in
 * the address's language (decision record 094). Written here rather than cached from the server,
 * so it exists from the worker's first install, and self-contained (its style inline), so it looks
 * right with nothing else available.
 */
import { BASE_STYLE, escapeHtml } from "./page-html";

export type OfflineWords = { title: string; body: string; kept: string; ticketsLink: string; retry: string; home: string };

// The brand's colours (tailwind.config.ts: brand 600 and 50), with the contrast axe asks for.
const STYLE =
  BASE_STYLE +
  "header{background:#fff;border-bottom:1px solid #e7e5e4;padding:.75rem 1rem}" +
  "header a{color:#095e6e;font-weight:700;font-size:1.125rem;text-decoration:none}" +
  ".box{margin-top:1.5rem;padding:1rem;border:1px solid #d5eef1;background:#eef8f9;border-radius:.5rem}.box p{margin-top:0}" +
  "a.button{display:inline-block;margin-top:.75rem;padding:.625rem 1rem;border-radius:.375rem;background:#095e6e;color:#fff;font-weight:600;text-decoration:none}" +
  "a.plain{color:#074a57}";

export function offlinePageHtml(lang: string, words: OfflineWords, options: { retry: string; tickets: string | null }): string {
  const kept = options.tickets
    ? `<div class="box"><p>${escapeHtml(words.kept)}</p><a class="button" href="${escapeHtml(options.tickets)}">${escapeHtml(words.ticketsLink)}</a></div>`
    : "";
  return (
    `<!doctype html><html lang="${escapeHtml(lang)}" data-static="true"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(words.title)} · Mesa</title><meta name="theme-color" content="#095e6e"><style>${STYLE}</style></head>` +
    `<body><header><a href="/${escapeHtml(lang)}">Mesa</a></header><main><h1>${escapeHtml(words.title)}</h1><p>${escapeHtml(words.body)}</p>${kept}` +
    `<p><a class="plain" href="${escapeHtml(options.retry)}">${escapeHtml(words.retry)}</a> · <a class="plain" href="/${escapeHtml(lang)}">${escapeHtml(words.home)}</a></p></main></body></html>`
  );
}
