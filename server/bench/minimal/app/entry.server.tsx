import type { EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";

const utf8 = new TextEncoder();

/** A string render, as the product does for pages with nothing deferred (decision record 044). */
export default function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  const html = renderToString(<RemixServer context={context} url={request.url} />);
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(utf8.encode(`<!DOCTYPE html>${html}`), { status, headers });
}
