/**
 * A form posted by navigation while the connection drops (decision record 096). The browser would
 * show its own error page and the typed words would be gone; instead the worker answers with a small
 * page in the form's language that says so and offers to send the same fields again. The retry
 * carries the form's request key, so a first post that did reach the server before the connection
 * dropped acts once however often it is retried.
 */
import { offline as en } from "../../../public/locales/en/common.json";
import { offline as es } from "../../../public/locales/es/common.json";
import { offline as pt } from "../../../public/locales/pt/common.json";
import { BASE_STYLE, escapeHtml } from "./page-html";

type Words = (typeof es)["notSent"];
const WORDS: Record<string, Words> = { es: es.notSent, en: en.notSent, pt: pt.notSent };

/** What could be kept of a form's body: its text fields in order, and the names of the files it carried (which cannot be). */
export type KeptForm = { fields: [string, string][]; files: string[]; multipart: boolean } | null;

const mediaTypeOf = (request: Request) => (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();

/** Reads the fields of a form body; null when it is not a form the page could send again (text/plain, unreadable). */
export async function keptForm(request: Request): Promise<KeptForm> {
  try {
    const type = mediaTypeOf(request);
    if (type === "application/x-www-form-urlencoded") return { fields: [...new URLSearchParams(await request.text())], files: [], multipart: false };
    if (type !== "multipart/form-data") return null;
    const fields: [string, string][] = [];
    const files: string[] = [];
    for (const [name, value] of await request.formData()) {
      // An empty value is left out: an empty file input may come back as an empty text part, and the
      // server reads a missing field as it reads an empty one (conform's rule).
      if (typeof value === "string") {
        if (value !== "") fields.push([name, value]);
      }
      // An empty file input (nothing picked) is sent as a nameless empty part: nothing was lost.
      else if (value.name || value.size > 0) files.push(value.name || name);
    }
    return { fields, files, multipart: true };
  } catch {
    return null;
  }
}

const pathLang = (url: string | null | undefined) => {
  try {
    const segment = new URL(url ?? "").pathname.split("/")[1] ?? "";
    return Object.hasOwn(WORDS, segment) ? segment : null;
  } catch {
    return null;
  }
};

/** The form's language: the page it came from, else its action's address, else Spanish (the site's default). */
export const langOfPost = (request: Request) => pathLang(request.referrer) ?? pathLang(request.url) ?? "es";

// The brand's colours (tailwind.config.ts), inline: the page must look right with no network at all.
const STYLE =
  BASE_STYLE +
  "button{margin-top:1rem;min-height:2.75rem;padding:.625rem 1rem;border:0;border-radius:.375rem;background:#095e6e;color:#fff;font:inherit;font-weight:600;cursor:pointer}" +
  "a{display:inline-block;margin-top:1rem;color:#074a57}ul{padding-left:1.25rem}li{white-space:pre-wrap;overflow-wrap:anywhere}" +
  ".note{padding:.75rem;border:1px solid #fcd34d;background:#fffbeb;border-radius:.375rem}";

/** The "not sent" page for a form posted to `request.url`, with what could be kept of it. */
export function notSentPage(request: Request, kept: KeptForm): Response {
  const lang = langOfPost(request);
  const words = WORDS[lang]!;
  const origin = new URL(request.url).origin;
  // Back to the page the form was on when the browser says which (same site only), else the language's home.
  const back = pathLang(request.referrer) && new URL(request.referrer).origin === origin ? request.referrer : `${origin}/${lang}`;
  let form = "";
  if (kept && kept.files.length === 0) {
    const inputs = kept.fields.map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join("");
    // Sent again as it was first sent: a route that reads a file field reads multipart.
    const enctype = kept.multipart ? ' enctype="multipart/form-data"' : "";
    form = `<form method="post" action="${escapeHtml(request.url)}"${enctype}>${inputs}<button type="submit">${escapeHtml(words.retry)}</button></form>`;
  } else if (kept) {
    // The files are gone with the failed post; the words typed beside them are shown so none is lost.
    const typed = kept.fields.filter(([name, value]) => name !== "requestKey" && name !== "intent" && value.trim() !== "");
    const list = typed.length ? `<p>${escapeHtml(words.typed)}</p><ul>${typed.map(([, value]) => `<li>${escapeHtml(value)}</li>`).join("")}</ul>` : "";
    form = `<p class="note">${escapeHtml(words.files)}</p>${list}`;
  }
  const html =
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(words.title)} · Mesa</title><style>${STYLE}</style></head><body><main>` +
    `<h1>${escapeHtml(words.title)}</h1><p>${escapeHtml(words.body)}</p><p>${escapeHtml(words.safe)}</p>${form}` +
    `<a href="${escapeHtml(back)}">${escapeHtml(words.back)}</a></main></body></html>`;
  return new Response(html, {
    status: 200,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      // Nothing runs on this page and it sends forms only back to the site.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'",
    },
  });
}

/**
 * A form posted by navigation: sent as it is, and answered with the server's response whatever it
 * is (a redirect, a refusal). Only when the network fails (fetch rejects with a TypeError) is the
 * "not sent" page shown; its fields were read from a copy of the body before the post.
 */
export async function sendOrKeep(request: Request): Promise<Response> {
  const kept = await keptForm(request.clone());
  try {
    return await fetch(request);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return notSentPage(request, kept);
  }
}
