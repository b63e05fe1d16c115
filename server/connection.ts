import type { ServerResponse } from "node:http";

/** The client's connection as a stream needs it: a signal when it closes, and a check a sweep can make. */
export type ClientConnection = { closed: AbortSignal; gone: () => boolean };

/**
 * Watches the response's own socket. Remix hands loaders a copy of the request whose abort signal
 * follows the original only through a weak reference: once garbage collected it never fires, and a
 * stream waiting for it stays open forever. This signal is held by the listener on the response
 * itself, so it lives exactly as long as the connection.
 */
export function watchConnection(res: ServerResponse): ClientConnection {
  const controller = new AbortController();
  const abort = () => controller.abort();
  res.once("close", abort);
  res.socket?.once("close", abort);
  const gone = () => res.destroyed || !res.socket || res.socket.destroyed;
  if (gone()) abort();
  return { closed: controller.signal, gone };
}
