import type { EntryContext } from "@remix-run/node";
import type * as ReactDomServer from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";

// The document around the page is Remix's; what is under test is how this entry renders it.
vi.mock("@remix-run/react", () => ({
  RemixServer: ({ context, nonce }: { context: EntryContext; nonce?: string }) => {
    const cached = context.renderMeta?.streamCache?.[0]?.result?.value;
    const shipsScripts = context.staticHandlerContext.matches.every(
      (m) => (context.routeModules[m.route.id]?.handle as { hydrate?: unknown } | undefined)?.hydrate !== false,
    );
    if (shipsScripts && context.renderMeta) context.renderMeta.didRenderScripts = true;
    return (
      <html lang="es">
        <body>
          <main>{JSON.stringify(context.staticHandlerContext.loaderData.page)}</main>
          {shipsScripts ? <script nonce={nonce} data-hydration={cached ?? "missing"} /> : null}
        </body>
      </html>
    );
  },
}));
vi.mock("react-dom/server", async (importOriginal) => {
  const real = await importOriginal<typeof ReactDomServer>();
  return { ...real, renderToString: vi.fn(real.renderToString), renderToPipeableStream: vi.fn(real.renderToPipeableStream) };
});

const server = await import("react-dom/server");
const { default: handleRequest } = await import("./entry.server");

function context(page: unknown, handle: Record<string, unknown>, handoff?: string[]): EntryContext {
  const stream = handoff
    ? new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of handoff) controller.enqueue(new TextEncoder().encode(chunk));
          controller.close();
        },
      })
    : undefined;
  return {
    staticHandlerContext: { loaderData: { root: { user: null }, page }, matches: [{ route: { id: "root" } }, { route: { id: "page" } }] },
    routeModules: { root: { handle: undefined }, page: { handle } },
    serverHandoffStream: stream,
    renderMeta: {},
  } as unknown as EntryContext;
}

const render = (ctx: EntryContext, userAgent = "Mozilla/5.0 (Linux; Android 10) Chrome/120") =>
  handleRequest(new Request("http://localhost/es/sessions", { headers: { "User-Agent": userAgent } }), 200, new Headers(), ctx, {
    cspNonce: "n0nce",
    now: new Date(),
  }) as Promise<Response>;

beforeEach(() => vi.clearAllMocks());

describe("the document render", () => {
  it("renders a page with nothing deferred to a string, in one piece with its doctype", async () => {
    const res = await render(context({ rows: [1, 2] }, { hydrate: false }));
    expect(server.renderToString).toHaveBeenCalledTimes(1);
    expect(server.renderToPipeableStream).not.toHaveBeenCalled();
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html.startsWith('<!DOCTYPE html><html lang="es">')).toBe(true);
    expect(html).toContain("[1,2]");
    expect(html).not.toContain("<script");
  });

  it("reads the whole hydration data before a string render of a page that ships scripts, and keeps the nonce", async () => {
    const res = await render(context({ rows: [] }, {}, ['[{"_1":2},', '"routes/page"]']));
    expect(server.renderToString).toHaveBeenCalledTimes(1);
    const html = await res.text();
    expect(html).toContain('nonce="n0nce"');
    expect(html).toContain('data-hydration="[{&quot;_1&quot;:2},&quot;routes/page&quot;]"');
  });

  it("streams a page whose loader left data on its way, and gives crawlers that page whole", async () => {
    const later = new Promise<string[]>((resolve) => setTimeout(() => resolve(["tarde"]), 5));
    const res = await render(context({ reviews: later }, { hydrate: false }));
    expect(server.renderToPipeableStream).toHaveBeenCalledTimes(1);
    expect(server.renderToString).not.toHaveBeenCalled();
    expect(await res.text()).toMatch(/^<!DOCTYPE html><html lang="es">/);

    const bot = await render(context({ reviews: later }, { hydrate: false }), "Googlebot/2.1 (+http://www.google.com/bot.html)");
    expect(server.renderToPipeableStream).toHaveBeenCalledTimes(2);
    expect(await bot.text()).toContain("</html>");
  });
});
