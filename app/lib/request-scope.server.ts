/** One request's shared lookups, and the instant the server read the clock for it. */
type Scope = { now: Date; lookups: Map<string, Promise<unknown>> };

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

/**
 * A scope for one HTTP request read at `now` (the request's one clock reading); `close` when the
 * response is over (finished or aborted).
 */
export function openRequestScope(now: Date): { id: string; close: () => void } {
  opened = (opened + 1) % Number.MAX_SAFE_INTEGER;
  const id = `${process.pid}.${opened}`;
  scopes.set(id, { now, lookups: new Map() });
  return { id, close: () => void scopes.delete(id) };
}

const scopeOf = (request: Request) => {
  const id = request.headers.get(REQUEST_SCOPE_HEADER);
  return id ? scopes.get(id) : undefined;
};

/**
 * The request's instant: what the load context's `now` is, for code that has the Request but not
 * the context (the login lookup behind the route guards). Outside a request scope (scripts), the
 * wall clock.
 */
export function requestInstant(request: Request): Date {
  return scopeOf(request)?.now ?? new Date();
}

/** How many scopes are open (a test checks that finished requests leave none behind). */
export const openScopeCount = () => scopes.size;

/**
 * `compute()` once per request and key; outside a request scope (tests, scripts) every call
 * computes. A failed lookup is forgotten, so a retry in the same request asks again.
 */
export function oncePerRequest<T>(request: Request, name: string, compute: () => Promise<T>): Promise<T> {
  const lookups = scopeOf(request)?.lookups;
  if (!lookups) return compute();
  let pending = lookups.get(name) as Promise<T> | undefined;
  if (!pending) {
    pending = compute();
    lookups.set(name, pending);
    pending.catch(() => lookups.delete(name));
  }
  return pending;
}
