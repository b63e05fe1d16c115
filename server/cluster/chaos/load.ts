import http from "node:http";

export const requestKinds = ["page", "search", "book", "pay", "chat"] as const;
export type RequestKind = (typeof requestKinds)[number];

/** One request of the load and what became of it; times are Date.now() milliseconds. */
export type Outcome = {
  id: string;
  kind: RequestKind;
  method: "GET" | "POST";
  path: string;
  sentAt: number;
  endedAt: number;
  status: number | null;
  /** HAProxy's X-Mesa-Instance: which instance answered (absent on an answer HAProxy made itself). */
  instance: string | null;
  error: string | null;
  /**
   * Sent again once because the kept-alive connection it first went on was closed by HAProxy as
   * it was sent (reset before any answer): what browsers do, and safe, since nothing received it.
   */
  resentOnStaleConnection: boolean;
};

export type PlannedRequest = { kind: RequestKind; method: "GET" | "POST"; path: string; cookie: string; clientIp: string; body?: unknown };

/**
 * A booking or payment refused for a business reason (the session is full, the player already
 * holds a seat) is an answer, not a failure; anything else outside 2xx/3xx, and any request
 * without an answer, failed.
 */
export function failed(outcome: Pick<Outcome, "kind" | "status" | "error">): boolean {
  if (outcome.error !== null || outcome.status === null) return true;
  if (outcome.status >= 500) return true;
  if (outcome.status >= 400) return !(outcome.kind === "book" || outcome.kind === "pay") || outcome.status === 429;
  return false;
}

/** Sends requests through one keep-alive agent, as a crowd of browsers behind one address would. */
export function createSender(base: string) {
  // Idle sockets close before HAProxy's 10 s keep-alive timeout, so none is reused as HAProxy closes it.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128, timeout: 5_000 });
  let counter = 0;
  const origin = new URL(base).origin;

  const send = (planned: PlannedRequest): Promise<Outcome> => {
    const id = `chaos-${process.pid}-${(counter += 1)}`;
    const outcome: Outcome = {
      id,
      kind: planned.kind,
      method: planned.method,
      path: planned.path,
      sentAt: Date.now(),
      endedAt: 0,
      status: null,
      instance: null,
      error: null,
      resentOnStaleConnection: false,
    };
    return attempt(planned, outcome, true);
  };

  const attempt = (planned: PlannedRequest, outcome: Outcome, mayResend: boolean): Promise<Outcome> =>
    new Promise((resolve) => {
      const body = planned.body === undefined ? undefined : Buffer.from(JSON.stringify(planned.body));
      const headers: Record<string, string> = {
        Cookie: planned.cookie,
        "X-Request-Id": outcome.id,
        "X-Forwarded-For": planned.clientIp,
        "Accept-Encoding": "gzip",
      };
      if (body) {
        Object.assign(headers, { "Content-Type": "application/json", "Content-Length": String(body.length), Origin: origin, "Idempotency-Key": outcome.id });
      }
      let answered = false;
      const req = http.request(`${base}${planned.path}`, { method: planned.method, agent, headers }, (res) => {
        answered = true;
        outcome.status = res.statusCode ?? null;
        outcome.instance = (res.headers["x-mesa-instance"] as string | undefined) ?? null;
        res.resume();
        res.on("end", () => {
          outcome.endedAt = Date.now();
          resolve(outcome);
        });
        res.on("error", (error: NodeJS.ErrnoException) => {
          outcome.endedAt = Date.now();
          outcome.error = error.code ?? error.message;
          resolve(outcome);
        });
      });
      req.setTimeout(30_000, () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
      req.on("error", (error: NodeJS.ErrnoException) => {
        if (outcome.endedAt) return;
        // Node's own advice for a kept-alive socket the server closed as the request went out.
        if (mayResend && !answered && req.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE")) {
          outcome.resentOnStaleConnection = true;
          resolve(attempt(planned, outcome, false));
          return;
        }
        outcome.endedAt = Date.now();
        outcome.error = error.code ?? error.message;
        resolve(outcome);
      });
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}

/**
 * An open-loop load: `plan(i)` requests leave evenly paced at `rate` a second until `until()` says
 * stop or `maxRequests` have left, whether or not earlier ones have answered (a slow or dying
 * instance meets the arrivals real users would make). Resolves with every outcome.
 */
export async function pacedMix(options: {
  rate: number;
  maxRequests: number;
  until: () => boolean;
  plan: (i: number) => PlannedRequest;
  send: (planned: PlannedRequest) => Promise<Outcome>;
}): Promise<Outcome[]> {
  const pending: Promise<Outcome>[] = [];
  const interval = 1000 / options.rate;
  const start = performance.now();
  for (let i = 0; i < options.maxRequests && !options.until(); i += 1) {
    const wait = start + i * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(options.send(options.plan(i)));
  }
  return Promise.all(pending);
}
