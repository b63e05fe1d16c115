import { data, redirect, type TypedResponse } from "@remix-run/node";
import type { Locale } from "#app/modules/i18n/config";
import { translator } from "#app/modules/i18n/i18next.server";
import { isLocale } from "#app/modules/i18n/rules";
import { actOnce, type Once } from "#app/modules/request-keys/index.server";
import { keepsOutcome, type KeptOutcome, readRequestKey, REQUEST_KEY_FIELD, REQUEST_KEY_HEADER } from "#app/modules/request-keys/rules";
import { apiError } from "#app/web/api.server";
import { readToast } from "#app/web/toast.server";

// A form sent twice (a double tap, a retry after a dropped connection, the back button) or an API call
// repeated with its Idempotency-Key acts once, and the repeat gets the first answer (decision record 096).
// The route names the command and its target (`intent`); the module keeps the key and its answer.

type KeyDeps = { db: Parameters<typeof actOnce>[0]["db"]; now: Date };
type Keyed = {
  deps: KeyDeps;
  userId: string;
  intent: string;
  /** Where a page form's repeat leads when the first answer was the API's (the chat's script sends the form's key as its header). */
  page?: string;
};

const TOAST_COOKIE = "__toast=";

/**
 * A page form's answer worth repeating: a redirect with its toast. A refusal is not kept, whether it
 * re-renders the form with the user's values or leads back with an error toast: the command did
 * nothing, and the same rendered form may be corrected and sent again.
 */
async function keepPageAnswer(value: unknown): Promise<KeptOutcome | null> {
  if (!(value instanceof Response) || !keepsOutcome(value.status)) return null;
  const location = value.headers.get("Location");
  if (!location) return null;
  const toastCookie = value.headers.getSetCookie().find((cookie) => cookie.startsWith(TOAST_COOKIE));
  if (toastCookie && (await toastOf(toastCookie))?.type === "error") return null;
  return { status: value.status, location, ...(toastCookie ? { toastCookie } : {}) };
}

// The toast is a signed cookie; reading it back the way the next page will is the one way to know its kind.
const toastOf = async (setCookie: string) => (await readToast(new Request("http://toast.invalid/", { headers: { Cookie: setCookie.split(";")[0]! } }))).toast;

function repeatPageAnswer(outcome: KeptOutcome, page: string | undefined): TypedResponse<never> {
  const headers = new Headers();
  if (outcome.toastCookie) headers.append("Set-Cookie", outcome.toastCookie);
  if (!outcome.location) return redirect(page ?? "/", 303);
  return redirect(outcome.location, { status: outcome.status, headers });
}

/** A key that cannot be used on a page: the error page says why, in the page's language. */
function pageRefusal(lang: Locale, once: Extract<Once<unknown>, { kind: "otherIntent" | "busy" }> | { kind: "malformed" }): never {
  const t = translator(lang, "common");
  const status = once.kind === "busy" ? 409 : 400;
  throw data({ message: t(`requestKey.${once.kind}`) }, { status });
}

/**
 * Runs a page form's command once for the form's key (the hidden `requestKey` field). Without a key
 * (a page rendered before keys existed) the command runs as it always did.
 */
export async function formOnce<T>(lang: Locale, form: FormData, keyed: Keyed, command: () => Promise<T>): Promise<T | TypedResponse<never>> {
  const sent = readRequestKey(form.get(REQUEST_KEY_FIELD));
  if (sent.kind === "none") return command();
  if (sent.kind === "malformed") pageRefusal(lang, sent);
  const once = await actOnce(keyed.deps, { userId: keyed.userId, key: sent.key, intent: keyed.intent }, command, keepPageAnswer);
  if (once.kind === "ran") return once.value;
  if (once.kind === "again") return repeatPageAnswer(once.outcome, keyed.page);
  return pageRefusal(lang, once);
}

/** An API call's answer worth repeating: its status and JSON body, when it did something. */
async function keepApiAnswer(value: Response): Promise<KeptOutcome | null> {
  if (!keepsOutcome(value.status)) return null;
  return { status: value.status, body: await value.clone().text() };
}

/**
 * Runs a JSON API call's command once for its `Idempotency-Key` header; without the header the call
 * acts as it always did. A repeat is answered with the first call's status and body. A refused key is
 * answered in the words of `?lang=`, else the caller's language.
 */
export async function apiOnce(
  request: Request,
  user: { id: string; preferredLanguage?: string | null },
  keyed: Omit<Keyed, "userId">,
  command: () => Promise<Response>,
): Promise<Response> {
  const sent = readRequestKey(request.headers.get(REQUEST_KEY_HEADER));
  if (sent.kind === "none") return command();
  const t = translator([new URL(request.url).searchParams.get("lang"), user.preferredLanguage].find(isLocale) ?? "es", "common");
  if (sent.kind === "malformed") return apiError(t("requestKey.malformed"), 400);
  const once = await actOnce(keyed.deps, { userId: user.id, key: sent.key, intent: keyed.intent }, command, keepApiAnswer);
  if (once.kind === "ran") return once.value;
  if (once.kind === "again")
    return new Response(once.outcome.body ?? null, {
      status: once.outcome.status,
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store", "Idempotent-Replayed": "true" },
    });
  return apiError(t(`requestKey.${once.kind}`), once.kind === "busy" ? 409 : 400);
}

/**
 * The form of an action that reads no fields but its key (a confirmation's one button). A body that
 * is not a form (a script's bare POST) is read as an empty form: the action works as it did before keys.
 */
export async function readKeyForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}
