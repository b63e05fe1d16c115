/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />
import "@remix-run/server-runtime";

declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }

  /**
   * What server/http.ts hands every loader and action besides the CSP nonce (declared in
   * entry.server.tsx): the request's one clock reading, which `deps(context)` makes the use cases'
   * `now`. Route tests pass a fixed one. Optional, because remix-auth reuses this type for its own context.
   */
  interface AppLoadContext {
    now?: Date;
    /**
     * The client's connection (server/connection.ts), for responses that outlive their loader (event
     * streams): they close on it rather than on `request.signal`, which Remix's copy of the request loses.
     */
    connection?: () => { closed: AbortSignal; gone: () => boolean };
  }
}
