import http from "node:http";

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export type PacedResult = {
  rate: number;
  seconds: number;
  sent: number;
  non2xx: number;
  errors: number;
  achievedPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
};

/**
 * An open-loop load at a fixed rate, paced evenly: request i leaves at start + i/rate whether or
 * not earlier ones have answered, so a slow server meets the same arrivals a real one would. A
 * closed loop (or a rate sent as one burst per second, as autocannon's overallRate does) queues
 * the burst itself and reports its own waiting as the server's latency. Each latency is counted
 * from the moment the request was due, not from when it was sent, so a generator that falls
 * behind cannot hide the delay (coordinated omission).
 */
export async function pacedLoad(url: string, headers: Record<string, string>, rate: number, seconds: number): Promise<PacedResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const times: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const one = (due: number) =>
    new Promise<void>((resolve) => {
      const req = http.get(url, { agent, headers }, (res) => {
        res.resume();
        res.on("end", () => {
          times.push(performance.now() - due);
          if (res.statusCode! < 200 || res.statusCode! >= 300) non2xx += 1;
          resolve();
        });
      });
      req.setTimeout(60_000, () => req.destroy(new Error("timeout")));
      req.on("error", () => {
        errors += 1;
        resolve();
      });
    });
  const pending: Promise<void>[] = [];
  const start = performance.now() + 20;
  for (let i = 0; i < total; i += 1) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(one(due));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  const sorted = [...times].sort((a, b) => a - b);
  const round = (n: number) => +n.toFixed(1);
  return {
    rate,
    seconds,
    sent: total,
    non2xx,
    errors,
    achievedPerSecond: round(times.length / elapsed),
    latencyMs: { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? 0) },
  };
}
