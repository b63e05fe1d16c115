type Scope = Map<string, Promise<unknown>>;

/**
 * The header the server stamps on every request it hands to Remix, naming the request's scope
 * (any value a client sends is overwritten). Remix gives each loader its own copy of the Request,
 * but the copies keep the headers, so loaders of one request find the same scope.
 *
 * This replaced an AsyncLocalStorage: on this Node version it hooks every promise of the process,
 * a cost paid on all requests for a lookup two loaders share.
 */
export const REQUEST_SCOPE_HEADER = "x-mesa-request-scope";

// The server (run from source) opens scopes and the Remix build (a separate bundle of the same
// code) reads them, so the table lives on globalThis.
const key = Symbol.for("mesa.requestScopes");
const holder = globalThis as typeof globalThis & { [key]?: Map<string, Scope> };
const scopes = (holder[key] ??= new Map<string, Scope>());
let opened = 0;

/** A scope for one HTTP request; `close` when the response is over (finished or aborted). */
export function openRequestScope(): { id: string; close: () => void } {
  opened = (opened + 1) % Number.MAX_SAFE_INTEGER;
  const id = `${process.pid}.${opened}`;
  scopes.set(id, new Map());
  return { id, close: () => void scopes.delete(id) };
}

/** How many scopes are open (a test checks that finished requests leave none behind). */
export const openScopeCount = () => scopes.size;

/**
 * `compute()` once per request and key; outside a request scope (tests, scripts) every call
 * computes. A failed lookup is forgotten, so a retry in the same request asks again.
 */
export function oncePerRequest<T>(request: Request, name: string, compute: () => Promise<T>): Promise<T> {
  const id = request.headers.get(REQUEST_SCOPE_HEADER);
  const scope = id ? scopes.get(id) : undefined;
  if (!scope) return compute();
  let pending = scope.get(name) as Promise<T> | undefined;
  if (!pending) {
    pending = compute();
    scope.set(name, pending);
    pending.catch(() => scope.delete(name));
  }
  return pending;
}
