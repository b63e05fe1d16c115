export type SseEvent = { id?: number; event: string; data: unknown };

/**
 * Reads server-sent events from a response body as they arrive. `next(n)` waits for n more
 * events (failing after `ms`), `closed` resolves when the server ends the stream.
 */
export function sseReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = "";
  let waiters: (() => void)[] = [];
  let ended = false;
  const closed = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let at: number;
        while ((at = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const fields = Object.fromEntries(
            block
              .split("\n")
              .filter((line) => line && !line.startsWith(":"))
              .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trimStart()]),
          );
          if (!fields.event) continue;
          events.push({ id: fields.id ? Number(fields.id) : undefined, event: fields.event, data: JSON.parse(fields.data ?? "null") });
        }
        for (const w of waiters) w();
      }
    } catch {
      /* cancelled */
    } finally {
      ended = true;
      for (const w of waiters) w();
    }
  })();
  let seen = 0;
  return {
    events,
    closed,
    /** The next `count` events after those already taken. */
    async next(count = 1, ms = 5000): Promise<SseEvent[]> {
      const deadline = Date.now() + ms;
      while (events.length < seen + count) {
        if (ended) throw new Error(`stream ended after ${events.length} events, wanted ${seen + count}`);
        if (Date.now() > deadline) throw new Error(`timed out waiting for events: have ${events.length}, wanted ${seen + count}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
        waiters = [];
      }
      const taken = events.slice(seen, seen + count);
      seen += count;
      return taken;
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}
