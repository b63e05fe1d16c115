import { describe, expect, it } from "vitest";
import {
  frameEvent,
  notifyPayloads,
  openingFrame,
  parseLastEventId,
  parseNotifyPayload,
  reconnectDelay,
  RETRY_JITTER_MS,
  RETRY_MS,
  revocationEnds,
} from "./rules";

describe("live stream rules", () => {
  it("believes only positive integer event ids", () => {
    expect(parseLastEventId("42")).toBe(42);
    expect(parseLastEventId(" 7 ")).toBe(7);
    for (const bad of [null, "", "0", "-1", "1e3", "abc", "9".repeat(20)]) expect(parseLastEventId(bad)).toBeNull();
  });

  it("spreads reconnections over RETRY_MS to RETRY_MS + RETRY_JITTER_MS, so a stopped instance's streams do not all return at once", () => {
    expect(reconnectDelay(0)).toBe(RETRY_MS);
    expect(reconnectDelay(0.5)).toBe(RETRY_MS + RETRY_JITTER_MS / 2);
    expect(reconnectDelay(0.9999)).toBeLessThan(RETRY_MS + RETRY_JITTER_MS);
    expect(reconnectDelay(7)).toBeLessThan(RETRY_MS + RETRY_JITTER_MS);
    expect(openingFrame(reconnectDelay(0.25))).toBe(`retry: ${RETRY_MS + RETRY_JITTER_MS / 4}\n: open\n\n`);
  });

  it("frames user text on one data line, so a newline cannot add a field", () => {
    const frame = frameEvent({ id: 3, kind: "chat_message", data: { content: "hola\n\nevent: evil\ndata: x" } });
    expect(frame.startsWith("id: 3\nevent: chat_message\ndata: ")).toBe(true);
    expect(frame.split("\n").filter(Boolean)).toHaveLength(3);
    expect(frameEvent({ kind: "unread_count", data: { notifications: 1 } })).toBe('event: unread_count\ndata: {"notifications":1}\n\n');
  });

  it("splits notify payloads under PostgreSQL's 8000 bytes and reads them back", () => {
    const entries = Array.from({ length: 250 }, (_, i) => [i + 1, "5f1c0000-0000-4000-8000-000000000000"] as const);
    const payloads = notifyPayloads(entries);
    expect(payloads).toHaveLength(3);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(payloads.flatMap(parseNotifyPayload)).toEqual(entries.map((e) => [...e]));
    expect(parseNotifyPayload("not json")).toEqual([]);
    expect(parseNotifyPayload('[[1],["x",2],[3,"u"]]')).toEqual([[3, "u"]]);
  });

  it("ends only the streams whose own login session or access token was revoked", () => {
    const browser = { loginSessionId: "s1", apiTokenId: null };
    const app = { loginSessionId: null, apiTokenId: "t1" };
    const signOut = { loginSessionIds: ["s1"], apiTokenIds: [] };
    expect(revocationEnds(signOut, browser)).toBe(true);
    expect(revocationEnds(signOut, { loginSessionId: "s2", apiTokenId: null })).toBe(false);
    expect(revocationEnds(signOut, app)).toBe(false);
    expect(revocationEnds({ loginSessionIds: ["s2", "s3"], apiTokenIds: ["t1"] }, app)).toBe(true);
    // A null credential never matches, and anything malformed ends nothing.
    expect(revocationEnds({ loginSessionIds: [null], apiTokenIds: [null] }, { loginSessionId: null, apiTokenId: null })).toBe(false);
    for (const bad of [null, "s1", 3, { loginSessionIds: "s1" }, []]) expect(revocationEnds(bad, browser)).toBe(false);
  });
});
