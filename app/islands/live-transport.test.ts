import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type LiveEvent, MAX_RESPONSE_CHARS, openLiveStream } from "./live-transport";

/** Just enough of XMLHttpRequest for sse.js: the test plays the server. */
class FakeXhr {
  static HEADERS_RECEIVED = 2;
  static made: FakeXhr[] = [];
  readyState = 0;
  status = 0;
  responseText = "";
  withCredentials = false;
  url = "";
  headers: Record<string, string> = {};
  aborted = false;
  private listeners: Record<string, ((e: unknown) => void)[]> = {};
  constructor() {
    FakeXhr.made.push(this);
  }
  addEventListener(type: string, listener: (e: unknown) => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send() {}
  abort() {
    this.aborted = true;
    this.fire("abort");
  }
  getAllResponseHeaders() {
    return "content-type: text/event-stream\r\n";
  }
  private fire(type: string) {
    for (const listener of this.listeners[type] ?? []) listener({ currentTarget: this });
  }
  answer(status: number) {
    this.status = status;
    this.readyState = 2;
    this.fire("readystatechange");
  }
  write(text: string) {
    this.responseText += text;
    this.fire("progress");
  }
  end() {
    this.fire("load");
  }
}

const last = () => FakeXhr.made[FakeXhr.made.length - 1]!;

beforeEach(() => {
  FakeXhr.made = [];
  vi.useFakeTimers();
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function open(extra: Partial<Parameters<typeof openLiveStream>[0]> = {}) {
  const events: LiveEvent[] = [];
  const states: string[] = [];
  const stream = openLiveStream({
    url: "/api/notifications/stream?lang=es",
    kinds: ["unread_count", "notification_created"],
    onEvent: (e) => events.push(e),
    onState: (s) => states.push(s),
    ...extra,
  });
  return { stream, events, states };
}

describe("the live stream's transport", () => {
  it("sends the bearer token and Last-Event-ID on the first connection and on every reconnection", () => {
    let token = "first-token-0123456789";
    const { events, states } = open({ token: () => token, lastEventId: "41" });
    const first = last();
    expect(first.url).toBe("/api/notifications/stream?lang=es");
    expect(first.headers).toMatchObject({ Authorization: `Bearer ${token}`, "Last-Event-ID": "41" });
    first.answer(200);
    first.write('retry: 3000\n: open\n\nevent: unread_count\ndata: {"notifications":2}\n\nid: 42\nevent: notification_created\ndata: {"id":"n"}\n\n');
    expect(states).toEqual(["open"]);
    expect(events).toEqual([
      { kind: "unread_count", data: { notifications: 2 }, id: "41" },
      { kind: "notification_created", data: { id: "n" }, id: "42" },
    ]);

    // The server ends the stream (a restart); the client comes back after the server's `retry:`, with a refreshed token.
    token = "second-token-0123456789";
    first.end();
    expect(states).toEqual(["open", "reconnecting"]);
    vi.advanceTimersByTime(2999);
    expect(FakeXhr.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeXhr.made).toHaveLength(2);
    expect(last().headers).toMatchObject({ Authorization: "Bearer second-token-0123456789", "Last-Event-ID": "42" });
  });

  it("stops for good when the server says the sign-in is gone (401)", () => {
    const { states } = open();
    expect(last().headers.Authorization).toBeUndefined();
    last().answer(401);
    last().end();
    vi.advanceTimersByTime(120_000);
    expect(FakeXhr.made).toHaveLength(1);
    expect(states).toEqual(["stopped"]);
  });

  it("waits half a minute after a 429 and backs off after repeated failures", () => {
    open();
    last().answer(429);
    last().end();
    vi.advanceTimersByTime(29_000);
    expect(FakeXhr.made).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(FakeXhr.made).toHaveLength(2);
    // Error answers (a proxy's 502 while the server restarts): 1 s, then 2 s.
    last().answer(502);
    last().end();
    vi.advanceTimersByTime(1000);
    expect(FakeXhr.made).toHaveLength(3);
    last().answer(502);
    last().end();
    vi.advanceTimersByTime(1000);
    expect(FakeXhr.made).toHaveLength(3);
    vi.advanceTimersByTime(1000);
    expect(FakeXhr.made).toHaveLength(4);
  });

  it("retries a dropped network every 3 s without backing off", () => {
    open();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      last().end(); // no answer at all: status 0
      vi.advanceTimersByTime(3000);
      expect(FakeXhr.made).toHaveLength(attempt + 1);
    }
  });

  it("replaces a response that has grown past its limit at once, resuming after the last event", () => {
    const { events } = open();
    const first = last();
    first.answer(200);
    first.write(`: ${"x".repeat(MAX_RESPONSE_CHARS)}\n\nid: 7\nevent: unread_count\ndata: {}\n\n`);
    expect(events).toHaveLength(1);
    expect(first.aborted).toBe(true);
    vi.advanceTimersByTime(0);
    expect(FakeXhr.made).toHaveLength(2);
    expect(last().headers["Last-Event-ID"]).toBe("7");
  });

  it("closes for good when the page asks", () => {
    const { stream } = open();
    last().answer(200);
    stream.close();
    expect(last().aborted).toBe(true);
    vi.advanceTimersByTime(120_000);
    expect(FakeXhr.made).toHaveLength(1);
  });
});
