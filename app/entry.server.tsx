import { PassThrough } from "node:stream";
import { type AppLoadContext, createReadableStreamFromReadable, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { renderI18n } from "#app/modules/i18n/i18next.server";
import { requestLocale } from "#app/modules/i18n/request-locale.server";
import { viewerHeaderOf } from "#app/modules/offline/offline.server";
import { VIEWER_HEADER } from "#app/modules/offline/rules";
import { CriticalCssProvider } from "#app/utils/critical-css";
import { criticalCssFor } from "#app/utils/critical-css.server";
import { NonceProvider } from "#app/utils/nonce";
import { hasDeferredData, shipsScripts } from "#app/utils/render-plan";
import { handleServerError } from "#app/web/server-errors.server";
import stylesheet from "./styles/tailwind.css";

const utf8 = new TextEncoder();

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Every page is drawn for the request's data saving, which the Save-Data header can turn on (decision record 095).
  responseHeaders.append("Vary", "Save-Data");
  const lng = requestLocale(request);
  // One read-only instance per language: a new instance per request cost more than the page.
  const instance = renderI18n(lng);
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";
  const routeIds = remixContext.staticHandlerContext.matches.map((match) => match.route.id);
  // Who the page is for, opaquely: the service worker wipes a player's kept pages when it changes (decision record 094).
  const viewer = viewerHeaderOf(remixContext.staticHandlerContext.loaderData.root);
  if (viewer) responseHeaders.set(VIEWER_HEADER, viewer);
  const page = (
    <NonceProvider value={nonce}>
      <CriticalCssProvider value={criticalCssFor(routeIds, stylesheet)}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </CriticalCssProvider>
    </NonceProvider>
  );

  // Nothing left to wait for: one synchronous render to a string costs a third of a streaming one
  // (decision record 044), and the whole page goes out as one write. Crawlers get it whole either way.
  if (!hasDeferredData(remixContext.staticHandlerContext.loaderData)) {
    const scripts = shipsScripts(
      remixContext.staticHandlerContext.matches.map((match) => ({
        handle: remixContext.routeModules[match.route.id]?.handle,
        data: remixContext.staticHandlerContext.loaderData[match.route.id],
      })),
    );
    if (scripts) await readHydrationData(remixContext);
    const html = renderToString(page);
    if (!scripts && remixContext.renderMeta?.didRenderScripts) {
      // The layout and this entry decide with the same function; if they ever disagree, the page lacks its hydration data.
      console.error(`${request.url}: rendered <Scripts> where the render plan said plain HTML; the page will not hydrate`);
    }
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    // Bytes, not a string: a string body is first scanned for lone surrogates by the Response (2% of the request's CPU).
    return new Response(utf8.encode(`<!DOCTYPE html>${html}`), { headers: responseHeaders, status: responseStatusCode });
  }

  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Cleared once everything is written: a late abort of a finished render only raised errors.
    let abortTimer: ReturnType<typeof setTimeout> | undefined = undefined;
    const respond = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // Crawlers get the whole page at once; people get the shell as soon as it is ready.
      onShellReady() {
        if (!waitForAll) respond();
      },
      onAllReady() {
        clearTimeout(abortTimer);
        if (waitForAll) respond();
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}

export const handleError = handleServerError;

/** A client navigation's data depends on the request's data saving too (the root's `saveData`). */
export function handleDataRequest(response: Response) {
  response.headers.append("Vary", "Save-Data");
  return response;
}

type StreamCache = NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]>;

/**
 * Reads the page's hydration data (Remix's turbo-stream of the loader data) before a synchronous
 * render. Remix's <StreamTransfer> suspends on each chunk it reads from that stream, which a string
 * render cannot wait for; with the whole of it in its cache, it writes the same inline scripts at once.
 */
async function readHydrationData(context: EntryContext) {
  const stream = context.serverHandoffStream;
  if (!stream) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
  text += decoder.decode();
  reader.releaseLock();
  const settled = (done: boolean, value: string) => Object.assign(Promise.resolve(), { result: { done, value } });
  const cache: StreamCache = { 0: settled(false, text), 1: settled(true, "") };
  context.renderMeta ??= {};
  context.renderMeta.streamCache = cache;
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce?: string;
  }
}
