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

/** The failed requests of a load run: counted, and the first five kept as samples for the report. */
export class FailedRequests {
  count = 0;
  readonly samples: string[];

  /** `samples` may be shared by several tallies of one run (each sample says which requests it came from). */
  constructor(samples: string[] = []) {
    this.samples = samples;
  }

  add(sample: string): void {
    this.count += 1;
    if (this.samples.length < 5) this.samples.push(sample);
  }
}

/** What a benchmark of concurrent senders posting batches of events reports about the sending. */
export type SendingFigures = {
  durationS: number;
  senders: number;
  batchSize: number;
  requests: number;
  events: number;
  eventsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  errorSamples: string[];
};

/** The sending figures of a run: its time, its senders and batch size, each request's latency, the events accepted. */
export function sendingFigures(run: {
  elapsedS: number;
  senders: number;
  batchSize: number;
  latencies: number[];
  events: number;
  failed: FailedRequests;
}): SendingFigures {
  const tenths = (value: number) => Math.round(value * 10) / 10;
  return {
    durationS: tenths(run.elapsedS),
    senders: run.senders,
    batchSize: run.batchSize,
    requests: run.latencies.length,
    events: run.events,
    eventsPerSecond: Math.round(run.events / run.elapsedS),
    latencyP50Ms: tenths(percentile(run.latencies, 50)),
    latencyP99Ms: tenths(percentile(run.latencies, 99)),
    errors: run.failed.count,
    errorSamples: run.failed.samples,
  };
}
