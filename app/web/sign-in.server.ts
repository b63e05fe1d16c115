import { redirect } from "@remix-run/node";
import { redirectParam, safeRedirect } from "#app/modules/auth/rules";
import { commitLogin } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import { noticeInvitationsOf } from "#app/modules/groups/invitations.server";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import { getServices } from "#app/services/index.server";
import { toastCookie } from "#app/web/toast.server";
import { getOptionalUser } from "./guards.server";

/**
 * The sign-in and sign-up pages are for signed-out visitors: someone signed in goes straight to the
 * page they were asked to come back to. Others get that return path (only ever one on this site)
 * and whether Google is offered.
 */
export async function signedOutOnly(request: Request, lang: Locale) {
  const redirectTo = safeRedirect(redirectParam(new URL(request.url).searchParams), localePath(lang, "/"));
  if (await getOptionalUser(request)) throw redirect(redirectTo);
  return { redirectTo, googleEnabled: getServices().googleEnabled };
}

/**
 * After the credentials check, by password or by Google: seats a group reserved for this verified
 * address are shown to the account as invitations to accept (decision record 068), then the login
 * session's cookie is set and the browser goes to `to` when it is a path on this site, else home.
 */
export async function openLoginSession(request: Request, deps: Pick<Deps, "db" | "now">, lang: Locale, loginSessionId: string, to: unknown) {
  await noticeInvitationsOf(deps, { loginSessionId });
  const where = safeRedirect(to, localePath(lang, "/"));
  return commitLogin(request, loginSessionId, where, { "Set-Cookie": await toastCookie({ type: "success", key: "toasts.signedIn" }) });
}
