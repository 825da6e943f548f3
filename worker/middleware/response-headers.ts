import type { Context } from "hono";
import type { WorkerEnv } from "../worker-env.ts";

/** Sets a header; false when the response's headers are immutable. */
export function trySetHeader(response: Response, name: string, value: string): boolean {
  try {
    response.headers.set(name, value);
    return true;
  } catch (error) {
    if (error instanceof TypeError) return false;
    throw error;
  }
}

/**
 * Sets headers on the answer after the handler ran, in place. Hono's `c.header()` copies the whole response for every
 * header once it is final (two copies on every JSON answer, the profile showed); only a response passed through from
 * fetch(), whose headers are immutable, needs a copy, and `c.header()` makes it (same body stream).
 */
export function setHeaders(c: Context<WorkerEnv>, headers: Iterable<readonly [string, string]>, { keepExisting = false } = {}): void {
  for (const [name, value] of headers) {
    if (keepExisting && c.res.headers.has(name)) continue;
    if (!trySetHeader(c.res, name, value)) c.header(name, value);
  }
}
