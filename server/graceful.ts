import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * Closing the HTTP server without cutting a request it has received. Node's own `server.close()`
 * stops accepting and drops the keep-alive sockets that are idle at that moment, but a socket busy
 * with a request stays open after its answer, announced as keep-alive: a client sending requests
 * back to back keeps it busy until the shutdown's deadline kills the process with requests in
 * flight (ECONNRESET for requests already received; decision record 067).
 *
 * So every socket's requests in flight are counted from the 'request' event to the response's
 * 'close'. Once closing starts:
 * - an idle socket (nothing received, or only part of a request's headers) is destroyed at once:
 *   a request racing it was never received, and the client may retry it elsewhere;
 * - a response not yet started goes out with `Connection: close`, so Node ends its socket after it;
 * - a response already started as keep-alive ends its socket once it is sent, and the socket is
 *   destroyed as soon as that end is written, before the client can send another request on it;
 * - a request received on a busy socket after that (pipelined) is still answered, with
 *   `Connection: close`.
 * Returns `close()`, which resolves when every socket has closed.
 */
export function closeGracefully(server: Server): () => Promise<void> {
  const inFlight = new Map<Socket, Set<ServerResponse>>();
  let closing = false;

  const endWhenIdle = (socket: Socket) => {
    if (!closing || (inFlight.get(socket)?.size ?? 0) > 0 || socket.destroyed) return;
    socket.end(() => socket.destroy());
  };

  server.on("connection", (socket: Socket) => {
    inFlight.set(socket, new Set());
    socket.once("close", () => inFlight.delete(socket));
  });
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const responses = inFlight.get(socket) ?? new Set<ServerResponse>();
    inFlight.set(socket, responses);
    responses.add(res);
    if (closing) res.setHeader("Connection", "close");
    res.once("close", () => {
      responses.delete(res);
      endWhenIdle(socket);
    });
  });

  return () => {
    closing = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const [socket, responses] of inFlight) {
      if (responses.size === 0) {
        socket.destroy();
        continue;
      }
      for (const res of responses) if (!res.headersSent) res.setHeader("Connection", "close");
    }
    return closed;
  };
}
