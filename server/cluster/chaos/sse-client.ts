import http from "node:http";
import { onEventBlocks } from "../../bench/event-blocks";

/** One event as the stream sent it: its id, kind and parsed data. */
export type ReceivedEvent = { id: number; kind: string; data: unknown };

export type StreamRecord = {
  userId: string;
  events: ReceivedEvent[];
  /** Connections opened (the first and every reconnection) and which instance answered each. */
  connections: { at: number; instance: string | null; status: number | null }[];
  /** True while a connection is open and has sent its opening comment. */
  open: boolean;
};

const DEFAULT_RETRY_MS = 3_000;

/**
 * An EventSource as a browser runs one: it reads `id:`, `event:`, `data:` and `retry:` lines,
 * remembers the last id, and when the connection ends (the instance died, drained or answered an
 * error) waits the server's `retry:` time and reconnects with `Last-Event-ID`, until stopped.
 * Every event it receives is kept, in order, with its id, to be compared with the database's log.
 */
export function followStream(options: { url: string; cookie: string; userId: string; clientIp: string }) {
  const record: StreamRecord = { userId: options.userId, events: [], connections: [], open: false };
  let lastEventId: number | null = null;
  let retryMs = DEFAULT_RETRY_MS;
  let stopped = false;
  let current: http.ClientRequest | null = null;
  let timer: NodeJS.Timeout | null = null;
  let firstOpen: () => void;
  const opened = new Promise<void>((resolve) => (firstOpen = resolve));

  const reconnectLater = () => {
    record.open = false;
    current = null;
    if (stopped) return;
    timer = setTimeout(connect, retryMs);
  };

  const handleBlock = (block: string) => {
    let id: string | null = null;
    let kind = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith(":") || line === "") continue;
      const at = line.indexOf(":");
      const field = at === -1 ? line : line.slice(0, at);
      const value = at === -1 ? "" : line.slice(at + 1).replace(/^ /, "");
      if (field === "id") id = value;
      else if (field === "event") kind = value;
      else if (field === "data") data.push(value);
      else if (field === "retry" && /^\d+$/.test(value)) retryMs = Number(value);
    }
    if (id !== null && /^\d+$/.test(id)) lastEventId = Number(id);
    if (data.length === 0) return;
    // The initial counts come without an id: they are a snapshot, not an event of the log.
    if (id === null) return;
    record.events.push({ id: Number(id), kind, data: JSON.parse(data.join("\n")) as unknown });
  };

  function connect() {
    if (stopped) return;
    const headers: Record<string, string> = { Cookie: options.cookie, Accept: "text/event-stream", "X-Forwarded-For": options.clientIp };
    if (lastEventId !== null) headers["Last-Event-ID"] = String(lastEventId);
    const connection = { at: Date.now(), instance: null as string | null, status: null as number | null };
    record.connections.push(connection);
    // A dropped connection fires both 'close' and 'error': it reconnects once.
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      reconnectLater();
    };
    const req = http.get(options.url, { headers, agent: false }, (res) => {
      connection.status = res.statusCode ?? null;
      connection.instance = (res.headers["x-mesa-instance"] as string | undefined) ?? null;
      if (res.statusCode !== 200) {
        res.resume();
        res.on("end", end);
        return;
      }
      onEventBlocks(res, (block) => {
        if (block.includes(": open")) {
          record.open = true;
          firstOpen();
        }
        handleBlock(block);
      });
      res.on("close", end);
    });
    req.on("error", end);
    current = req;
  }

  connect();
  return {
    record,
    opened,
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      current?.destroy();
    },
  };
}
