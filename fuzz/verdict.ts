/**
 * The pass criteria of one answer (docs/decisions/027-fuzzing-and-concurrency.md): nothing at or above 500, and a 400
 * names the field at fault (`detail` with a non-empty `loc`). Returns what is wrong, or null.
 */
export function judgeAnswer(answer: { status: number; body: string }, method: string): string | null {
  if (answer.status >= 500) return `answered ${answer.status}`;
  // A HEAD answer has no body by definition.
  if (answer.status !== 400 || method === "HEAD") return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return "400 without a JSON error body";
  }
  return namesAField(parsed) ? null : "400 without detail[].loc naming the field";
}

/** True when the body holds (at any depth, as tRPC nests it) a non-empty `detail` list whose entries all have a `loc`. */
function namesAField(value: unknown, depth = 0): boolean {
  if (depth > 6 || typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.length > 0 && value.every((item) => namesAField(item, depth + 1));
  const detail = (value as { detail?: unknown }).detail;
  if (Array.isArray(detail) && detail.length > 0) return detail.every(hasLoc);
  return Object.values(value).some((child) => namesAField(child, depth + 1));
}

function hasLoc(entry: unknown): boolean {
  if (typeof entry !== "object" || entry === null) return false;
  const loc = (entry as { loc?: unknown }).loc;
  return Array.isArray(loc) && loc.length > 0;
}

/** Per endpoint: how many requests, the answers by status, and the failures with a few examples to reproduce them. */
export type EndpointTally = {
  endpoint: string;
  requests: number;
  statuses: Map<number, number>;
  failures: number;
  /** Failures by what was wrong and how the answer began, to tell one cause met a thousand times from many. */
  kinds: Map<string, number>;
  examples: { request: string; status: number; problem: string; body: string }[];
};

export function newTally(endpoint: string): EndpointTally {
  return { endpoint, requests: 0, statuses: new Map(), failures: 0, kinds: new Map(), examples: [] };
}

export function recordAnswer(
  tally: EndpointTally,
  request: { method: string; target: string; body: string | Uint8Array | undefined; credential: string },
  answer: { status: number; body: string },
): string | null {
  tally.requests += 1;
  tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1);
  const problem = judgeAnswer(answer, request.method);
  if (problem !== null) {
    tally.failures += 1;
    const kind = `${problem}: ${answer.body.slice(0, 30).replace(/\s+/g, " ")}`;
    tally.kinds.set(kind, (tally.kinds.get(kind) ?? 0) + 1);
    if (tally.examples.length < 3)
      tally.examples.push({ request: describeRequest(request), status: answer.status, problem, body: answer.body.slice(0, 300) });
  }
  return problem;
}

/** A compact "200:12 400:9,871 429:3" of the status counts, in order of status. */
export function statusSummary(statuses: Map<number, number>): string {
  return [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}:${count.toLocaleString("en-US")}`)
    .join(" ");
}

/** A short, reproducible description of a request for the report (long values cut). */
export function describeRequest(request: {
  method: string;
  target: string;
  body: string | Uint8Array | undefined;
  credential: string;
}): string {
  const body =
    request.body === undefined
      ? ""
      : typeof request.body === "string"
        ? ` body(${request.body.length} chars)=${JSON.stringify(request.body.slice(0, 160))}`
        : ` body(${request.body.length} bytes)`;
  return `${request.method} ${request.target.slice(0, 200)} [${request.credential}]${body}`;
}
