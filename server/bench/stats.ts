/** Latency summary of one measured run (milliseconds). */
export interface Latency {
  p50: number;
  p95: number;
  p99: number;
}

/** Nearest-rank percentiles of the samples (all of them are kept: runs are seconds long). */
export function latencyOf(samples: number[]): Latency {
  const sorted = Float64Array.from(samples).sort();
  const at = (p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
  return { p50: at(50), p95: at(95), p99: at(99) };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
