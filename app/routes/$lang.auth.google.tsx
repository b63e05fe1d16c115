import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { oauthNextCookie } from "#app/modules/auth/oauth.server";
import { googleStartSchema } from "#app/modules/auth/schema";
import { getAuthenticator } from "#app/modules/auth/session.server";
import { localePath } from "#app/modules/i18n/rules";
import { getServices } from "#app/services/index.server";
import { parseForm, readForm } from "#app/web/form.server";
import { notFound } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";

export async function loader({ params }: ActionFunctionArgs) {
  return redirect(localePath(localeOf(params), "/login"));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = localeOf(params);
  if (!getServices().googleEnabled) notFound();
  const submission = parseForm(await readForm(request.clone()), { schema: googleStartSchema(localePath(lang, "/")) });
  const next = submission.status === "success" ? submission.value.next : localePath(lang, "/");
  try {
    return await getAuthenticator().authenticate(`google-${lang}`, request);
  } catch (response) {
    // The strategy answers with a redirect to Google; add our cookie to it.
    if (response instanceof Response) {
      response.headers.append("Set-Cookie", await oauthNextCookie().serialize(next));
      throw response;
    }
    throw response;
  }
}
