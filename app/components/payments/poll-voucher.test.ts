import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { VOUCHER_POLL } from "#app/modules/payments/rules";
import { fetchVoucherOf, pollVoucher, type VoucherAnswer } from "./poll-voucher";

const notYet: VoucherAnswer = { voucherReference: null, voucherUrl: null, voucherExpiresAt: null };
const ready: VoucherAnswer = { voucherReference: "123456789012345678", voucherUrl: "/v.pdf", voucherExpiresAt: "2026-11-27T05:59:00.000Z" };

/** Answers "not yet" `n` times, then the voucher; records when each call came. */
function endpoint(n: number) {
  const calls: number[] = [];
  const fetchVoucher = async () => {
    calls.push(Date.now());
    return calls.length > n ? ready : notYet;
  };
  return { calls, fetchVoucher };
}

describe("pollVoucher", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2026-11-24T12:00:00Z") });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("asks every interval until the voucher carries a reference", async () => {
    const { calls, fetchVoucher } = endpoint(3);
    const result = pollVoucher(fetchVoucher, { intervalMs: VOUCHER_POLL.intervalMs, maxTries: VOUCHER_POLL.tries });
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(6000);
    await expect(result).resolves.toEqual({ ok: true, voucher: ready, tries: 4 });
    const start = new Date("2026-11-24T12:00:00Z").getTime();
    expect(calls.map((at) => at - start)).toEqual([2000, 4000, 6000, 8000]);
  });

  it("gives up after the last try: 30 calls over a minute", async () => {
    const { calls, fetchVoucher } = endpoint(Infinity);
    const result = pollVoucher(fetchVoucher, { intervalMs: VOUCHER_POLL.intervalMs, maxTries: VOUCHER_POLL.tries });
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(result).resolves.toEqual({ ok: false, tries: 30 });
    expect(calls).toHaveLength(30);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(30);
  });

  it("counts a failed call as a try and keeps asking", async () => {
    let n = 0;
    const result = pollVoucher(
      async () => {
        n += 1;
        if (n === 1) throw new TypeError("Failed to fetch");
        return n === 2 ? null : ready;
      },
      { intervalMs: 2000, maxTries: 5 },
    );
    await vi.advanceTimersByTimeAsync(6000);
    await expect(result).resolves.toMatchObject({ ok: true, tries: 3 });
  });

  it("stops when its signal aborts", async () => {
    const { calls, fetchVoucher } = endpoint(Infinity);
    const controller = new AbortController();
    const result = pollVoucher(fetchVoucher, { intervalMs: 2000, maxTries: 30, signal: controller.signal });
    await vi.advanceTimersByTimeAsync(4000);
    controller.abort();
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toEqual({ ok: false, tries: 2 });
    expect(calls).toHaveLength(2);
  });

  it("takes an injected sleep", async () => {
    vi.useRealTimers();
    const slept: number[] = [];
    const result = await pollVoucher(endpoint(1).fetchVoucher, {
      intervalMs: 2000,
      maxTries: 30,
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    expect(result).toMatchObject({ ok: true, tries: 2 });
    expect(slept).toEqual([2000, 2000]);
  });
});

describe("fetchVoucherOf", () => {
  const answering = (status: number, body: unknown) =>
    (async () =>
      new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })) as typeof fetch;

  it("reads the voucher endpoint's answer", async () => {
    await expect(fetchVoucherOf("b1", answering(200, ready))).resolves.toEqual(ready);
  });
  it("treats an error status or a body that is not JSON as not yet", async () => {
    await expect(fetchVoucherOf("b1", answering(503, { error: "down" }))).resolves.toBeNull();
    await expect(fetchVoucherOf("b1", answering(200, "<html>"))).resolves.toBeNull();
  });
  it("asks the booking's own voucher address", async () => {
    const asked: string[] = [];
    const fetchFn = (async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify(notYet), { status: 200 });
    }) as unknown as typeof fetch;
    await fetchVoucherOf("5b6c", fetchFn);
    expect(asked).toEqual(["/api/bookings/5b6c/voucher"]);
  });
});
