import { statusSummary, type EndpointTally } from "./verdict.ts";

/** What the run found for one endpoint: the answers, the failures, and the rows its requests changed. */
export type EndpointResult = EndpointTally & { noAnswer: number; notSent: number; rowChanges: string; storedWhileRefused: boolean };

const between = (statuses: Map<number, number>, low: number, high: number) =>
  [...statuses.entries()].filter(([status]) => status >= low && status < high).reduce((sum, [, count]) => sum + count, 0);

/** The table of the closing note: one row per endpoint, then the failures with examples to reproduce them. */
export function markdownReport(
  results: readonly EndpointResult[],
  run: { seed: number; runsPerEndpoint: number; seconds: number; pingAfter: boolean },
): string {
  const lines = [
    `Seed ${run.seed}, ${run.runsPerEndpoint.toLocaleString("en-US")} requests per endpoint, ${results.length} endpoints, ${run.seconds.toFixed(0)} s; /ping afterwards: ${run.pingAfter ? "answered" : "NO ANSWER"}.`,
    "",
    "| endpoint | requests | 2xx | 3xx | 4xx (not 429) | 429 | ≥500 | no answer | failures | statuses | rows changed |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |",
  ];
  for (const result of results) {
    const limited = result.statuses.get(429) ?? 0;
    lines.push(
      `| ${result.endpoint} | ${result.requests} | ${between(result.statuses, 200, 300)} | ${between(result.statuses, 300, 400)} | ${between(result.statuses, 400, 500) - limited} | ${limited} | ${between(result.statuses, 500, 1000)} | ${result.noAnswer} | ${result.failures} | ${statusSummary(result.statuses)} | ${result.rowChanges === "" ? "" : `${result.storedWhileRefused ? "**stored while refused:** " : ""}${result.rowChanges}`} |`,
    );
  }
  const kinds = new Map<string, { count: number; endpoints: number }>();
  for (const result of results) {
    for (const [kind, count] of result.kinds) {
      const seen = kinds.get(kind) ?? { count: 0, endpoints: 0 };
      kinds.set(kind, { count: seen.count + count, endpoints: seen.endpoints + 1 });
    }
  }
  if (kinds.size > 0) {
    lines.push("", "| failure (what, and how the answer began) | answers | endpoints |", "| --- | ---: | ---: |");
    for (const [kind, seen] of [...kinds].sort(([, a], [, b]) => b.count - a.count)) {
      lines.push(`| ${kind.replace(/\|/g, "\\|").replace(/`/g, "'")} | ${seen.count} | ${seen.endpoints} |`);
    }
  }
  const failing = results.filter((result) => result.failures > 0 || result.storedWhileRefused);
  lines.push("", failing.length === 0 ? "No failures." : `Failures (${failing.length} endpoints):`);
  for (const result of failing) {
    lines.push("", `### ${result.endpoint}`);
    if (result.storedWhileRefused) lines.push(`- every request was refused, yet rows changed: ${result.rowChanges}`);
    for (const example of result.examples) {
      lines.push(
        `- ${example.problem}: \`${example.request.replace(/`/g, "'")}\` → ${example.status} \`${example.body.replace(/`/g, "'").replace(/\n/g, " ")}\``,
      );
    }
  }
  // Not failures (no answer says nothing of the handler), but listed so a pattern in them can be seen.
  const unanswered = results.filter((result) => result.noAnswer > 0 && !failing.includes(result));
  if (unanswered.length > 0) lines.push("", `Requests without an answer (${unanswered.length} endpoints):`);
  for (const result of unanswered) {
    lines.push("", `### ${result.endpoint}`);
    for (const example of result.examples) lines.push(`- ${example.problem}: \`${example.request.replace(/`/g, "'")}\``);
  }
  return `${lines.join("\n")}\n`;
}
