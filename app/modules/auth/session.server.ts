import { createCookieSessionStorage, redirect, type SessionStorage } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getEnv } from "#app/env.server";
import { oncePerRequest } from "#app/lib/request-scope.server";
import { hashSecret } from "#app/lib/secrets.server";
import type { Deps } from "#app/modules/deps.server";
import { locales } from "#app/modules/i18n/config";
import { isAdmin, isDm } from "#app/modules/users/rules";
import { PkceGoogleStrategy } from "./google-pkce.server";
import { type RequestMeta, startLoginSession } from "./login-sessions.server";
import { signInWithGoogle } from "./oauth.server";
import * as repo from "./repo.server";
import { checkCredentials } from "./sign-in.server";

// Routes import it from here: remix-auth is CommonJS, so importing it from a route module would
// ship all of @remix-run/server-runtime to every browser (decision record 021).
export { AuthorizationError };

/** The cookie holds only the id of a row in login_sessions, so sessions can be listed and revoked. */
type LoginSessionId = string;

let storage: SessionStorage | undefined;
let authenticator: Authenticator<LoginSessionId> | undefined;

export function authSessionStorage(): SessionStorage {
  if (!storage) {
    const env = getEnv();
    storage = createCookieSessionStorage({
      cookie: {
        name: "__session",
        httpOnly: true,
        path: "/",
        sameSite: "lax",
        secrets: [env.SESSION_SECRET],
        secure: env.NODE_ENV === "production",
        maxAge: 60 * 60 * 24 * 30,
      },
    });
  }
  return storage;
}

export class CredentialsError extends Error {
  constructor(
    public reason: "invalid" | "banned" | "rateLimited",
    public retryAfterSeconds = 0,
  ) {
    super(reason);
  }
}

type StrategyContext = { deps: Deps; meta: RequestMeta; formData: FormData };

export function getAuthenticator(): Authenticator<LoginSessionId> {
  if (authenticator) return authenticator;
  const env = getEnv();
  const auth = new Authenticator<LoginSessionId>(authSessionStorage());
  auth.use(
    new FormStrategy(async ({ form, context }) => {
      const { deps, meta } = context as StrategyContext;
      const result = await checkCredentials(
        deps,
        String(form.get("email") ?? "")
          .trim()
          .toLowerCase(),
        String(form.get("password") ?? ""),
        meta,
      );
      if (!result.ok) throw new CredentialsError(result.reason, result.reason === "rateLimited" ? result.retryAfterSeconds : 0);
      return startLoginSession(deps, result.userId, meta);
    }),
    "form",
  );
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    // Google must be given one fixed callback per locale; each is registered in the Google console.
    for (const lang of locales) {
      auth.use(
        new PkceGoogleStrategy(
          { clientID: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, callbackURL: `${env.APP_URL}/${lang}/auth/callback` },
          async ({ profile, context }) => {
            const { deps, meta } = context as StrategyContext;
            const userId = await signInWithGoogle(deps, profile, lang);
            if (!userId) throw new AuthorizationError("googleFailed");
            return startLoginSession(deps, userId, meta);
          },
          env.SESSION_SECRET,
        ),
        `google-${lang}`,
      );
    }
  }
  authenticator = auth;
  return auth;
}

export function requestMeta(request: Request): RequestMeta {
  // The server puts the client address (honouring TRUST_PROXY) in this header and strips any sent by clients.
  const ip = request.headers.get("x-client-ip") ?? "unknown";
  return { ip, userAgent: request.headers.get("user-agent") ?? "" };
}

export type Requester = {
  id: string;
  email: string;
  emailVerified: boolean;
  displayName: string;
  firstName: string;
  lastName: string;
  roles: string[];
  isDm: boolean;
  isAdmin: boolean;
  preferredLanguage: string;
  timeZone: string;
  /** "Save data" chosen for the account (decision record 095); absent where no page is rendered. */
  saveData?: boolean;
  /** The login session behind a cookie; null for bearer tokens. */
  loginSessionId: string | null;
  /** The access token behind a bearer request (its row id); null or absent for a cookie. */
  apiTokenId?: string | null;
};

type UserRowLike = {
  id: string;
  email: string;
  email_verified_at: Date | null;
  display_name: string;
  first_name: string;
  last_name: string;
  roles: string[];
  preferred_language: string;
  time_zone: string;
  save_data?: boolean;
};

function toRequester(row: UserRowLike, loginSessionId: string | null, apiTokenId: string | null = null): Requester {
  return {
    id: row.id,
    email: row.email,
    emailVerified: Boolean(row.email_verified_at),
    displayName: row.display_name,
    firstName: row.first_name,
    lastName: row.last_name,
    roles: row.roles,
    isDm: isDm(row.roles),
    isAdmin: isAdmin(row.roles),
    preferredLanguage: row.preferred_language,
    timeZone: row.time_zone,
    saveData: row.save_data ?? false,
    loginSessionId,
    apiTokenId,
  };
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  const match = header?.match(/^Bearer\s+([A-Za-z0-9_-]{10,200})$/i);
  return match?.[1] ?? null;
}

// Sliding idle timeout: last_seen_at moves forward at most every 5 minutes, not on every request.
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/**
 * Who is asking: a bearer access token, else the login cookie; null when neither is valid.
 * A page's root and route loaders both ask: for reads the answer is looked up once per request
 * (an action may sign the user in or out, so its request always asks the database).
 */
export function getRequester(request: Request, deps: Pick<Deps, "db" | "now">): Promise<Requester | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return lookUpRequester(request, deps);
  const credentials = `${request.headers.get("authorization") ?? ""}\n${request.headers.get("cookie") ?? ""}`;
  return oncePerRequest(request, `requester\n${credentials}`, () => lookUpRequester(request, deps));
}

async function lookUpRequester(request: Request, deps: Pick<Deps, "db" | "now">): Promise<Requester | null> {
  const token = bearerToken(request);
  if (token) {
    const row = await repo.findUserByAccessToken(deps.db, hashSecret(token), deps.now);
    return row ? toRequester(row, null, row.token_id) : null;
  }
  const session = await authSessionStorage().getSession(request.headers.get("cookie"));
  const sessionId: unknown = session.get(getAuthenticator().sessionKey);
  if (typeof sessionId !== "string" || !/^[0-9a-f-]{36}$/.test(sessionId)) return null;
  const row = await repo.findUserByLoginSession(deps.db, sessionId, deps.now);
  if (!row) return null;
  if (deps.now.getTime() - new Date(row.last_seen_at).getTime() > TOUCH_EVERY_MS) {
    await repo.touchLoginSession(deps.db, sessionId, deps.now);
  }
  return toRequester(row, sessionId);
}

/** Stores the login session id in the cookie and redirects. */
export async function commitLogin(request: Request, loginSessionId: string, to: string, extraHeaders: HeadersInit = {}) {
  const store = authSessionStorage();
  const session = await store.getSession(request.headers.get("cookie"));
  session.set(getAuthenticator().sessionKey, loginSessionId);
  const headers = new Headers(extraHeaders);
  headers.append("Set-Cookie", await store.commitSession(session));
  return redirect(to, { headers });
}

export async function destroyLoginCookie(request: Request) {
  const store = authSessionStorage();
  return store.destroySession(await store.getSession(request.headers.get("cookie")));
}
