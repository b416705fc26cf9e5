/** The q-quantile (0..1) of ascending samples by nearest rank, as the load generators report p50 and p99; NaN for none. */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
}
