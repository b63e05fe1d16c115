import { type EntryContext, type HeadersArgs, type LoaderFunctionArgs, redirect, type ServerBuild } from "@remix-run/node";
import { isLocale } from "../../app/modules/i18n/rules";

/**
 * A two-route Remix build for testing the Express layer in front of Remix without compiling the
 * app: a `$lang` layout that 404s unknown locales (like app/routes/$lang.tsx), a child under it
 * that redirects to `/${lang}/login` like a guarded page (for a few paths), and whose action echoes
 * what it read,
 * and a resource route under /api/ that echoes the client address and body.
 */
export function fakeBuild(): ServerBuild {
  const Page = () => null;
  const echo = async ({ request }: { request: Request }) => {
    const body = request.method === "GET" ? "" : await request.text();
    return { ip: request.headers.get("x-client-ip"), scope: request.headers.get("x-mesa-request-scope"), length: body.length, body: body.slice(0, 200) };
  };
  return serverBuild({
    entry: {
      module: {
        // Renders nothing: the test only needs the status, the headers and what the action returned.
        default: (_request: Request, status: number, headers: Headers, context: EntryContext) =>
          new Response(JSON.stringify({ actionData: context.staticHandlerContext.actionData }), {
            status,
            headers: { ...Object.fromEntries(headers), "Content-Type": "application/json" },
          }),
      },
    },
    routes: {
      root: { id: "root", path: "", module: { default: Page, loader: () => null } },
      "routes/$lang": {
        id: "routes/$lang",
        parentId: "root",
        path: ":lang",
        module: {
          default: Page,
          loader: ({ params }: LoaderFunctionArgs) => {
            if (!isLocale(params.lang)) throw new Response("Not Found", { status: 404 });
            return null;
          },
        },
      },
      "routes/$lang.$": {
        id: "routes/$lang.$",
        parentId: "routes/$lang",
        path: "*",
        module: {
          default: Page,
          loader: ({ request, params }: LoaderFunctionArgs) => {
            const url = new URL(request.url);
            if (url.searchParams.has("cache")) return Response.json({ ok: true }, { headers: { "Cache-Control": "public, max-age=60" } });
            if (url.searchParams.has("signin")) return Response.json({ ok: true }, { headers: { "Set-Cookie": "__session=abc; Path=/; HttpOnly" } });
            if (/\/(?:calendar|auth\/google|logout|settings)$/.test(url.pathname)) throw redirect(`/${params.lang}/login`);
            return null;
          },
          headers: ({ loaderHeaders }: HeadersArgs) => loaderHeaders,
          action: echo,
        },
      },
      "routes/api.broken": {
        id: "routes/api.broken",
        parentId: "root",
        path: "api/broken",
        module: {
          loader: () => {
            throw new Error('invalid byte sequence for encoding "UTF8": 0x00 (insert into sessions …)');
          },
        },
      },
      "routes/api.$": { id: "routes/api.$", parentId: "root", path: "api/*", module: { loader: echo, action: echo } },
    },
    manifest: {
      root: manifestRoute("root", undefined, ""),
      "routes/$lang": manifestRoute("routes/$lang", "root", ":lang"),
      "routes/$lang.$": manifestRoute("routes/$lang.$", "routes/$lang", "*", { hasAction: true }),
    },
  });
}

/** A route as the browser manifest (`build.assets.routes`) lists it. */
export function manifestRoute(id: string, parentId: string | undefined, path: string, has: { hasAction?: boolean; hasLoader?: boolean } = {}) {
  return {
    id,
    parentId,
    path,
    module: `/${id}.js`,
    hasAction: has.hasAction ?? false,
    hasLoader: has.hasLoader ?? true,
    hasClientAction: false,
    hasClientLoader: false,
    hasErrorBoundary: false,
  };
}

/** A production server build around an entry, its routes and their manifest, with the app's future flags. */
export function serverBuild(parts: {
  entry: unknown;
  routes: Record<string, unknown>;
  manifest: Record<string, ReturnType<typeof manifestRoute>>;
}): ServerBuild {
  return {
    mode: "production",
    entry: parts.entry,
    routes: parts.routes,
    assets: { entry: { module: "/entry.client.js", imports: [] }, routes: parts.manifest, url: "/manifest.js", version: "test" },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_routeConfig: false,
      v3_singleFetch: true,
      v3_lazyRouteDiscovery: true,
      unstable_optimizeDeps: false,
    },
    isSpaMode: false,
  } as unknown as ServerBuild;
}
