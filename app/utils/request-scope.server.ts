import { AsyncLocalStorage } from "node:async_hooks";

type Scope = Map<string, Promise<unknown>>;

// One store for the whole process: the server (run from source) opens the scope and the Remix
// build (a separate bundle of the same code) reads it, so the instance lives on globalThis.
const key = Symbol.for("mesa.requestScope");
const holder = globalThis as typeof globalThis & { [key]?: AsyncLocalStorage<Scope> };
const storage = (holder[key] ??= new AsyncLocalStorage<Scope>());

/** Runs `fn` (an HTTP request's handling) with its own memo of lookups. */
export function inRequestScope<T>(fn: () => T): T {
  return storage.run(new Map(), fn);
}

/**
 * `compute()` once per request and key; outside a request scope (tests, scripts) every call
 * computes. A failed lookup is forgotten, so a retry in the same request asks again.
 */
export function oncePerRequest<T>(name: string, compute: () => Promise<T>): Promise<T> {
  const scope = storage.getStore();
  if (!scope) return compute();
  let pending = scope.get(name) as Promise<T> | undefined;
  if (!pending) {
    pending = compute();
    scope.set(name, pending);
    pending.catch(() => scope.delete(name));
  }
  return pending;
}
