/**
 * Work that must not hold up the answer, so that how long a response takes cannot tell anything
 * (forgot-password must answer as fast for an unknown address as for a registered one). A failure
 * is logged, never thrown at a request that has already been answered.
 */
const pending = new Set<Promise<void>>();

export function runAfterResponse(label: string, task: () => Promise<unknown>): void {
  const job = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .then(
      () => undefined,
      (error: unknown) => {
        process.stderr.write(`[${label}] ${error instanceof Error ? error.message : String(error)}\n`);
      },
    )
    .finally(() => pending.delete(job));
  pending.add(job);
}

/** Waits for every queued task (tests read the mailbox after this; shutdown may await it too). */
export async function settleAfterResponse(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
