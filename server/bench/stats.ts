/** The nearest-rank percentile of `values` (unsorted; a copy is sorted), 0 for none. */
export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

/** p50, p95 and the maximum of timings in ms, to two decimals. */
export const summary = (values: number[]) => ({
  p50: +percentile(values, 50).toFixed(2),
  p95: +percentile(values, 95).toFixed(2),
  max: +Math.max(...values).toFixed(2),
});
