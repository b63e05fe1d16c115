import pg from "pg";
import { systemClock } from "#app/services/clock/clock.server";
import type { Database } from "#db/client.server";
import { eventsByIds, type LiveEventRow } from "./repo.server";
import { LIVE_CHANNEL, parseNotifyPayload, type StreamCredential, SWEEP_MS } from "./rules";

/** One open stream, as the hub sees it: whose it is, and how to hand it an event or tell it to catch up. */
export type Subscriber = {
  userId: string;
  deliver: (event: LiveEventRow) => void;
  /** After the listening connection was lost and is back: read what was announced meanwhile. */
  resync: () => void;
  /** Ends the stream and releases what it holds (the sweep found it gone or no longer signed in). */
  close: () => void;
  /** Whether its client's connection is already closed (the transport's own state, not an event). */
  gone?: () => boolean;
  /** What it was opened with; a stream without one (a test's) is not checked by the sweep. */
  credential?: StreamCredential;
};

type Log = (message: string) => void;

/**
 * Which of these login sessions and access tokens still count at `now`: the sign-in rule itself,
 * which lives with sign-in (auth sits above live) and is handed in by whoever creates the hub.
 */
export type AcceptedCredentials = (db: Database, ids: { loginSessionIds: string[]; apiTokenIds: string[] }, now: Date) => Promise<Set<string>>;

type HubOptions = { connectionString: string; db: () => Database; acceptedCredentials: AcceptedCredentials; log?: Log };

/**
 * The one LISTEN connection of a process and the streams it feeds (decision record 030). Every
 * process runs one; PostgreSQL's NOTIFY reaches all of them, and each forwards an event only to
 * the streams it holds for that user. Announcements carry ids; the rows are read once per batch
 * (one query however many streams want them), and delivery is in memory, never awaiting a client.
 */
export class LiveHub {
  private readonly byUser = new Map<string, Set<Subscriber>>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs = 500;
  private stopped = false;
  private pending: number[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private flushScheduled = false;
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping: Promise<number> | null = null;

  constructor(private readonly options: HubOptions) {}

  /** Streams open on this process. */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  countFor(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Whether the listening connection is up (a test and the health check read it). */
  get listening(): boolean {
    return this.client !== null && this.connecting === null;
  }

  /**
   * Adds a stream unless its user already holds `limit` here: the count and the registration happen
   * in one synchronous step, so parallel requests cannot all pass the check before any registers.
   * Returns how to remove it (call it exactly when the stream ends), or null when refused.
   */
  subscribe(sub: Subscriber, limit = Number.POSITIVE_INFINITY): (() => void) | null {
    let set = this.byUser.get(sub.userId);
    if ((set?.size ?? 0) >= limit) return null;
    if (!set) this.byUser.set(sub.userId, (set = new Set()));
    set.add(sub);
    this.startSweeping();
    return () => {
      const current = this.byUser.get(sub.userId);
      if (!current) return;
      current.delete(sub);
      if (current.size === 0) this.byUser.delete(sub.userId);
    };
  }

  private startSweeping() {
    if (this.sweepTimer || this.stopped) return;
    this.sweepTimer = setInterval(() => void this.sweep().catch((error: Error) => this.options.log?.(`live: sweep failed (${error.message})`)), SWEEP_MS);
    this.sweepTimer.unref();
  }

  /** Whether the stream's login session or access token still counts at `now`, read through `db` (a caller's snapshot). */
  async stillAccepted(db: Database, credential: StreamCredential, now: Date): Promise<boolean> {
    const { loginSessionId, apiTokenId } = credential;
    const accepted = await this.options.acceptedCredentials(
      db,
      { loginSessionIds: loginSessionId ? [loginSessionId] : [], apiTokenIds: apiTokenId ? [apiTokenId] : [] },
      now,
    );
    const id = loginSessionId ?? apiTokenId;
    return id !== null && accepted.has(id);
  }

  /**
   * Closes the streams whose connection is gone though its close event never reached them, and
   * those whose login session or access token no longer counts (revoked while this process missed
   * the announcement, past its expiry or its idle timeout, or the account banned). Returns how many it closed.
   */
  sweep(now: Date = systemClock()): Promise<number> {
    this.sweeping ??= this.sweepOnce(now).finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  private async sweepOnce(now: Date): Promise<number> {
    let closed = 0;
    const checked: Subscriber[] = [];
    for (const set of [...this.byUser.values()])
      for (const sub of [...set]) {
        if (sub.gone?.()) {
          sub.close();
          closed += 1;
        } else if (sub.credential) checked.push(sub);
      }
    if (checked.length === 0) return closed;
    const ids = { loginSessionIds: new Set<string>(), apiTokenIds: new Set<string>() };
    for (const { credential } of checked) {
      if (credential!.loginSessionId) ids.loginSessionIds.add(credential!.loginSessionId);
      if (credential!.apiTokenId) ids.apiTokenIds.add(credential!.apiTokenId);
    }
    const live = await this.options.acceptedCredentials(
      this.options.db(),
      { loginSessionIds: [...ids.loginSessionIds], apiTokenIds: [...ids.apiTokenIds] },
      now,
    );
    for (const sub of checked) {
      const id = sub.credential!.loginSessionId ?? sub.credential!.apiTokenId;
      if (id && live.has(id)) continue;
      sub.close();
      closed += 1;
    }
    return closed;
  }

  /** Resolves once this process is LISTENing; a stream waits for it before reading the log, so no event falls between the two. */
  ready(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error("live hub stopped"));
    if (this.client && !this.connecting) return Promise.resolve();
    return this.connect();
  }

  private connect(): Promise<void> {
    if (this.connecting) return this.connecting;
    const attempt = (async () => {
      const client = new pg.Client({ connectionString: this.options.connectionString });
      client.on("notification", (msg) => {
        if (msg.channel === LIVE_CHANNEL) this.announce(msg.payload);
      });
      client.on("error", (error) => this.lost(client, error));
      client.on("end", () => this.lost(client, new Error("connection ended")));
      await client.connect();
      await client.query(`listen ${LIVE_CHANNEL}`);
      if (this.stopped) {
        await client.end().catch(() => {});
        throw new Error("live hub stopped");
      }
      this.client = client;
      this.retryMs = 500;
    })();
    this.connecting = attempt.finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  /** The listening connection broke (database restart, network): reconnect, then let every stream catch up from the log. */
  private lost(client: pg.Client, error: Error) {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners("notification");
    void client.end().catch(() => {});
    if (this.stopped) return;
    this.options.log?.(`live: listening connection lost (${error.message}); reconnecting`);
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.retryTimer || this.stopped) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().then(
        () => {
          for (const set of this.byUser.values()) for (const sub of set) sub.resync();
        },
        () => {
          this.retryMs = Math.min(this.retryMs * 2, 15_000);
          this.scheduleReconnect();
        },
      );
    }, this.retryMs);
    this.retryTimer.unref();
  }

  /** Collects announced ids for users with a stream here; one read per event-loop turn serves them all. */
  private announce(payload: string | undefined) {
    for (const [id, userId] of parseNotifyPayload(payload)) if (this.byUser.has(userId)) this.pending.push(id);
    if (this.pending.length === 0 || this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      const ids = this.pending;
      this.pending = [];
      // Batches are read one after another, so a user's events are delivered in id order.
      this.flushing = this.flushing.then(() => this.deliver(ids));
    });
  }

  private async deliver(ids: number[]) {
    let rows: LiveEventRow[];
    try {
      rows = await eventsByIds(this.options.db(), ids);
    } catch (error) {
      // The streams concerned will get these when they catch up (reconnect or resync).
      this.options.log?.(`live: reading announced events failed (${(error as Error).message})`);
      for (const set of this.byUser.values()) for (const sub of set) sub.resync();
      return;
    }
    for (const row of rows) {
      const set = this.byUser.get(row.user_id);
      if (!set) continue;
      for (const sub of [...set]) sub.deliver(row);
    }
  }

  /** Stops listening (graceful shutdown or a test's end); streams are closed by their owner. */
  async stop() {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await this.sweeping?.catch(() => {});
    const client = this.client;
    this.client = null;
    await this.connecting?.catch(() => {});
    await client?.end().catch(() => {});
    await this.flushing;
  }
}

// The server loads the app twice (its own modules and the build's), so the hub lives on globalThis:
// shutdown then closes the streams the app really holds.
const key = Symbol.for("mesa.liveHub");
const holder = globalThis as unknown as { [key]?: { hub: LiveHub; closeAll: Set<() => void> } };

/** The process's hub, created on first use from DATABASE_URL. */
export function liveHub(db: () => Database, acceptedCredentials: AcceptedCredentials): LiveHub {
  if (!holder[key]) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set");
    holder[key] = { hub: new LiveHub({ connectionString: url, db, acceptedCredentials, log: (m) => process.stderr.write(`${m}\n`) }), closeAll: new Set() };
  }
  return holder[key].hub;
}

/** Streams register how to end themselves, so shutdown can end them all before draining the pool. */
export function onShutdown(close: () => void): () => void {
  holder[key]?.closeAll.add(close);
  return () => holder[key]?.closeAll.delete(close);
}

/** Ends every open stream of this process and stops listening (graceful shutdown). */
export async function stopLive() {
  const state = holder[key];
  if (!state) return;
  holder[key] = undefined;
  for (const close of [...state.closeAll]) close();
  await state.hub.stop();
}
