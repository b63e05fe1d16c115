import { AsyncLocalStorage } from "node:async_hooks";
import { createHash, createHmac } from "node:crypto";
import type { SessionStorage } from "@remix-run/node";
import type { AuthenticateOptions } from "remix-auth";
import { GoogleStrategy } from "remix-auth-google";

/**
 * remix-auth-oauth2 1.11 has no PKCE, so this adds it (RFC 7636, S256) around the library.
 * The verifier is never stored: it is an HMAC of the flow's state under the server secret, so
 * it is unique per flow, unguessable without the secret, and found again on the callback from
 * the state the library has already checked against the session. A code stolen from another
 * flow carries another flow's challenge, and Google refuses it.
 */
export function pkceVerifier(secret: string, state: string): string {
  return createHmac("sha256", secret).update(`pkce:${state}`).digest("base64url");
}

export function pkceChallenge(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

// The library's own URL builder (remix-auth-oauth2's OAuth2Strategy.prototype), reached past the private modifier.
const libraryAuthorizationURL = (Object.getPrototypeOf(GoogleStrategy.prototype) as { getAuthorizationURL: (request: Request, state: string) => URL })
  .getAuthorizationURL;

type GoogleOptions = ConstructorParameters<typeof GoogleStrategy<string>>[0];
type GoogleVerify = ConstructorParameters<typeof GoogleStrategy<string>>[1];

export class PkceGoogleStrategy extends GoogleStrategy<string> {
  // The callback's state reaches fetchAccessToken, which the library calls without the request.
  private readonly flow = new AsyncLocalStorage<{ state: string | null }>();

  constructor(
    options: GoogleOptions,
    verify: GoogleVerify,
    private readonly secret: string,
  ) {
    super(options, verify);
    // getAuthorizationURL is private in the library's types, so it cannot be overridden as a
    // method; an own property of the same name takes its place at run time.
    const library = libraryAuthorizationURL.bind(this);
    Object.assign(this, {
      getAuthorizationURL: (request: Request, state: string): URL => {
        const url = library(request, state);
        url.searchParams.set("code_challenge", pkceChallenge(pkceVerifier(this.secret, state)));
        url.searchParams.set("code_challenge_method", "S256");
        return url;
      },
    });
  }

  override authenticate(request: Request, sessionStorage: SessionStorage, options: AuthenticateOptions): Promise<string> {
    const state = new URL(request.url).searchParams.get("state");
    return this.flow.run({ state }, () => super.authenticate(request, sessionStorage, options));
  }

  protected override fetchAccessToken(code: string, params: URLSearchParams) {
    const state = this.flow.getStore()?.state;
    if (state && params.get("grant_type") === "authorization_code") params.set("code_verifier", pkceVerifier(this.secret, state));
    return super.fetchAccessToken(code, params);
  }
}
