import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useParams, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { GeneralErrorBoundary, isOutageError } from "#app/components/error-boundary";
import { AfterPaint, ICON, PLACEHOLDER_ICON } from "#app/components/layout/after-paint";
import { LiveLayer } from "#app/components/layout/live-layer";
import { Shell } from "#app/components/layout/shell";
import { DialogOpener } from "#app/components/ui/confirm-link";
import { PlainHtmlProvider } from "#app/components/ui/link";
import { getEnv } from "#app/env.server";
import { deps } from "#app/modules/deps.server";
import { headerCounts } from "#app/modules/header-counts/header-counts.server";
import { requestLocale } from "#app/modules/i18n/request-locale.server";
import { isLocale } from "#app/modules/i18n/rules";
import { liveScriptUrl } from "#app/modules/live/script.server";
import { THEME_COLOR } from "#app/modules/offline/rules";
import { resolveSaveData } from "#app/modules/save-data/rules";
import { avatarInitials, displayNameOf } from "#app/modules/users/rules";
import { getServices } from "#app/services/index.server";
import { CRITICAL_CSS_ID, FullStylesheet, useCriticalCss } from "#app/utils/critical-css";
import { useNonce } from "#app/utils/nonce";
import { shipsScripts } from "#app/utils/render-plan";
import { SaveDataProvider } from "#app/utils/save-data";
import { getOptionalUser } from "#app/web/guards.server";
import { liveTemplatesUrl } from "#app/web/live-templates.server";
import { revalidateUnlessNotSent } from "#app/web/not-sent";
import { readToast } from "#app/web/toast.server";
import stylesheet from "./styles/tailwind.css";

// The stylesheet is linked by the layout, in the head or after the page (decision record 093).
export const links: LinksFunction = () => [
  { rel: "icon", href: PLACEHOLDER_ICON },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const meta: MetaFunction = () => [{ title: "Mesa" }];

export const handle = { i18n: ["common", "errors", "notifications"] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = isLocale(params.lang) ? params.lang : requestLocale(request);
  const [user, { toast, setCookie }] = await Promise.all([getOptionalUser(request), readToast(request)]);
  const { notifications: unread, chats } = user ? await headerCounts(deps(context), user) : { notifications: 0, chats: 0 };
  // Once per request: pages read it with useSaveData(), loaders that pick image widths with saveDataOf().
  const saveData = resolveSaveData({ header: request.headers.get("save-data"), account: user?.saveData ?? false, cookie: request.headers.get("cookie") });
  const name = user ? displayNameOf({ displayName: user.displayName, email: user.email }) : null;
  return data(
    {
      lang,
      toast,
      user:
        user && name
          ? { id: user.id, name, initials: avatarInitials(name), isDm: user.isDm, isAdmin: user.isAdmin, emailVerified: user.emailVerified, unread, chats }
          : null,
      saveData,
      liveScript: user ? liveScriptUrl() : null,
      liveTemplates: user ? liveTemplatesUrl(lang) : null,
      mailboxEnabled: getEnv().NODE_ENV !== "production" && getServices().outboxDir !== null,
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  // Lets tests (and curious people) know the page is interactive.
  useEffect(() => document.documentElement.setAttribute("data-hydrated", "true"), []);
  const nonce = useNonce();
  // When the root's error boundary shows (a loader failed, the database is away), the page's language is still the URL's.
  const params = useParams();
  const lang = root?.lang ?? (isLocale(params.lang) ? params.lang : "es");
  useChangeLanguage(lang);
  const scripts = useShipsScripts();
  const liveChat = useLiveChat();
  const criticalCss = useCriticalCss();
  const manifest = `/${lang}/manifest.webmanifest`;
  // A signed-in user's live layer: its settings in the page, its script added after the first paint.
  const live =
    root?.user && root.liveScript && root.liveTemplates
      ? { userId: root.user.id, script: root.liveScript, templates: root.liveTemplates, waitForUse: root.saveData.on }
      : null;
  return (
    <html lang={lang} dir="ltr" data-static={scripts ? undefined : "true"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {criticalCss === null ? (
          <link rel="stylesheet" href={stylesheet} />
        ) : (
          // What this page's first view needs, inlined so that it paints without waiting for a stylesheet.
          <style id={CRITICAL_CSS_ID} dangerouslySetInnerHTML={{ __html: criticalCss }} />
        )}
        {/* Installable (decision record 094): the manifest speaks the page's language and opens at its home.
            With JavaScript the after-paint script links it and the icon, so that the browser's fetches of them wait for the first paint. */}
        <noscript>
          <link rel="icon" href={ICON} type="image/svg+xml" />
          <link rel="manifest" href={manifest} />
        </noscript>
        <meta name="theme-color" content={THEME_COLOR} />
      </head>
      <body className="flex min-h-screen flex-col">
        <PlainHtmlProvider value={!scripts}>
          <SaveDataProvider value={root?.saveData ?? { on: false, reasons: [] }}>
            <Shell root={root ?? null}>{children}</Shell>
          </SaveDataProvider>
        </PlainHtmlProvider>
        <DialogOpener plain={!scripts} nonce={nonce} />
        {live ? (
          <LiveLayer
            lang={isLocale(lang) ? lang : "es"}
            userId={live.userId}
            chatId={liveChat}
            templatesUrl={live.templates}
            nonce={nonce}
            waitForUse={live.waitForUse}
          />
        ) : null}
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
        {/* Last, so that nothing waits for it: a stylesheet in the body delays only what follows it. */}
        {criticalCss === null ? null : <FullStylesheet href={stylesheet} hydrating={scripts} />}
        {/* The service worker is an enhancement: without it (or without script) every page works the same. */}
        <AfterPaint nonce={nonce} stylesheet={criticalCss !== null && !scripts ? stylesheet : null} manifest={manifest} liveScript={live?.script ?? null} />
      </body>
    </html>
  );
}

/** Scripts or plain HTML, decided on the server only: a browser already running the app keeps its scripts. */
function useShipsScripts() {
  const matches = useMatches();
  if (typeof document !== "undefined") return true;
  return shipsScripts(matches);
}

/** The chat a page shows (a route's `handle.liveChat` reads it from its data), so its new messages appear live. */
function useLiveChat(): string | null {
  for (const match of useMatches()) {
    const pick = (match.handle as { liveChat?: (data: unknown) => string | null } | undefined)?.liveChat;
    if (pick) return pick(match.data);
  }
  return null;
}

/** A form the dropped connection swallowed leaves the page as it is (app/web/not-sent.ts). */
export const shouldRevalidate = revalidateUnlessNotSent;

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <>
      <title>{t(isOutageError(error) ? "errors:unavailable.title" : "errors:generic.title")}</title>
      <GeneralErrorBoundary />
    </>
  );
}
