import { PassThrough } from "node:stream";
import { type AppLoadContext, createReadableStreamFromReadable, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { renderI18n } from "#app/modules/i18n/i18next.server";
import { requestLocale } from "#app/modules/i18n/request-locale.server";
import { NonceProvider } from "#app/utils/nonce";
import { handleServerError } from "#app/utils/server-errors.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const lng = requestLocale(request);
  // One read-only instance per language: a new instance per request cost more than the page.
  const instance = renderI18n(lng);
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";
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
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
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
      },
    );
    abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}

export const handleError = handleServerError;

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce?: string;
  }
}
