import { appendFileSync, existsSync, readFileSync } from "node:fs";
import type { EndpointResult } from "../fuzz/report.ts";

/**
 * A full-length run (10,000 requests × every endpoint) takes hours, so each finished endpoint is written as one JSON
 * line, and a run with the same seed and length skips the endpoints already there: a stopped run resumes where it was.
 */
type StoredResult = Omit<EndpointResult, "statuses" | "kinds"> & {
  statuses: [number, number][];
  kinds: [string, number][];
  seconds: number;
};

export function progressFile(seed: number, runsPerEndpoint: number): string {
  return `bench-results/fuzz-progress-seed${seed}-runs${runsPerEndpoint}.jsonl`;
}

export function readProgress(file: string): Map<string, { result: EndpointResult; seconds: number }> {
  const finished = new Map<string, { result: EndpointResult; seconds: number }>();
  if (!existsSync(file)) return finished;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const stored = JSON.parse(line) as StoredResult;
    const { seconds, ...rest } = stored;
    finished.set(stored.endpoint, { result: { ...rest, statuses: new Map(stored.statuses), kinds: new Map(stored.kinds) }, seconds });
  }
  return finished;
}

export function recordProgress(file: string, result: EndpointResult, seconds: number): void {
  const stored: StoredResult = { ...result, statuses: [...result.statuses], kinds: [...result.kinds], seconds };
  appendFileSync(file, `${JSON.stringify(stored)}\n`);
}
