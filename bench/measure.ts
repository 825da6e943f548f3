/** Measuring tools shared by the benchmarks. */

/** The p-th percentile (0–100) of some timings; NaN for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** A name as a file name: runs of anything but letters and digits become one dash, none at either end. */
export function fileSlug(name: string): string {
  return name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "");
}
