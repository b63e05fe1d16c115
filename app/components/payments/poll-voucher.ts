/** What GET /api/bookings/{id}/voucher answers (spec section 7); the reference is null while the voucher is being made. */
export type VoucherAnswer = { voucherReference: string | null; voucherUrl?: string | null; voucherExpiresAt?: string | null };

export type PollOptions = {
  intervalMs: number;
  maxTries: number;
  /** Waits `ms`; a test passes fake timers' setTimeout through the default. */
  sleep?: (ms: number) => Promise<void>;
  /** Stops early (the dialog closed or the page is leaving). */
  signal?: AbortSignal;
};

export type PollResult = { ok: true; voucher: VoucherAnswer & { voucherReference: string }; tries: number } | { ok: false; tries: number };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks for the voucher every `intervalMs`, at most `maxTries` times, until it carries a
 * reference (spec section 4). A failed call (network, 5xx) counts as a try, so a short outage
 * does not end the wait early. The first call comes one interval after the start: the intent has
 * just answered without a voucher.
 */
export async function pollVoucher(fetchVoucher: () => Promise<VoucherAnswer | null>, options: PollOptions): Promise<PollResult> {
  const sleep = options.sleep ?? wait;
  let tries = 0;
  while (tries < options.maxTries) {
    await sleep(options.intervalMs);
    if (options.signal?.aborted) break;
    tries += 1;
    const answer = await fetchVoucher().catch(() => null);
    if (answer?.voucherReference) return { ok: true, voucher: { ...answer, voucherReference: answer.voucherReference }, tries };
  }
  return { ok: false, tries };
}

/** One call to the voucher endpoint; any answer without a JSON body of the right shape is "not yet". */
export async function fetchVoucherOf(bookingId: string, fetchFn: typeof fetch = fetch): Promise<VoucherAnswer | null> {
  const response = await fetchFn(`/api/bookings/${encodeURIComponent(bookingId)}/voucher`, {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
    cache: "no-store",
  });
  if (!response.ok) return null;
  const body = (await response.json().catch(() => null)) as VoucherAnswer | null;
  return body && typeof body === "object" ? body : null;
}
