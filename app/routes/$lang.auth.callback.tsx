import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { recordAuthMetric } from "#app/modules/auth/auth-metrics.server";
import { oauthNextCookie } from "#app/modules/auth/oauth.server";
import { safeRedirect } from "#app/modules/auth/rules";
import { getAuthenticator, requestMeta } from "#app/modules/auth/session.server";
import { deps } from "#app/modules/deps.server";
import { localePath } from "#app/modules/i18n/rules";
import { getServices } from "#app/services/index.server";
import { localeOf } from "#app/web/locale.server";
import { openLoginSession } from "#app/web/sign-in.server";
import { redirectWithToast } from "#app/web/toast.server";

/** Return point of Google sign-in: /{lang}/auth/callback?next={path}. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  if (!getServices().googleEnabled) return redirect(localePath(lang, "/login"));
  const url = new URL(request.url);
  const fromCookie: unknown = await oauthNextCookie().parse(request.headers.get("cookie"));
  const next = safeRedirect(url.searchParams.get("next") ?? fromCookie, localePath(lang, "/"));
  try {
    const loginSessionId = await getAuthenticator().authenticate(`google-${lang}`, request, {
      throwOnError: true,
      context: { deps: deps(context), meta: requestMeta(request) },
    });
    // Google has verified the address, so the seats held for it become invitations there too.
    return await openLoginSession(request, deps(context), lang, loginSessionId, next);
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
    const message = error instanceof Error ? error.message : "unknown";
    await recordAuthMetric(deps(context), { eventType: "oauth_failure", provider: "google", mode: "callback", errorMessage: message }, requestMeta(request).ip);
    return redirectWithToast(`${localePath(lang, "/login")}?redirect=${encodeURIComponent(next)}`, { type: "error", key: "toasts.googleFailed" });
  }
}
