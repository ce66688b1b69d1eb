/** Small statistics helpers: medians of repeated runs, percentiles of latency samples. */

export function median(values: number[]): number {
  const finite = values.filter((v) => Number.isFinite(v));
  if (!finite.length) return NaN;
  const sorted = [...finite].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The p-th percentile (0-100) by nearest rank. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
export const ms = (value: number) => (Number.isFinite(value) ? `${value < 10 ? value.toFixed(2) : Math.round(value)} ms` : 'n/a');
export const sec = (millis: number) => (Number.isFinite(millis) ? `${(millis / 1000).toFixed(2)} s` : 'n/a');
export const int = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : 'n/a');
