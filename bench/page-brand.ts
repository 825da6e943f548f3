/**
 * What a brand costs a page: the same signed-out page rendered on the app's own domain (no brand lookup) and on a
 * partner's domain (a KV read, cached after the first), measured over real HTTP against the built worker in workerd.
 * Reports wall time per request and the worker's own `Server-Timing` figures (`render`, to the first byte of the
 * stream, and `total`), as p50 and p95.
 */
import { request } from "node:http";
import { percentile } from "./measure.ts";
import { parseServerTiming } from "./server-timing.ts";

type Sample = { wallMs: number; renderMs: number; totalMs: number };

function get(port: number, host: string, path: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const call = request({ host: "127.0.0.1", port, path, headers: { Host: `${host}:${port}`, "User-Agent": "Googlebot" } }, (response) => {
      response.resume();
      response.on("end", () => {
        const timings = parseServerTiming(response.headers["server-timing"]?.toString());
        const duration = (name: string) => timings.find((entry) => entry.name === name)?.durMs ?? Number.NaN;
        if (response.statusCode !== 200) reject(new Error(`${host}${path} answered ${response.statusCode}`));
        else resolve({ wallMs: performance.now() - started, renderMs: duration("render"), totalMs: duration("total") });
      });
    });
    call.on("error", reject);
    call.end();
  });
}

export async function benchPageBrand(port: number, rounds = 300) {
  const cases = [
    { name: "core domain (no brand)", host: "127.0.0.1" },
    { name: "partner domain (brand)", host: "aurora.localhost" },
  ];
  for (const { host } of cases) for (let warm = 0; warm < 30; warm += 1) await get(port, host, "/landing/lumen");
  const samples = new Map<string, Sample[]>(cases.map((c) => [c.name, []]));
  // Interleaved, so both cases see the same machine conditions.
  for (let round = 0; round < rounds; round += 1) {
    for (const { name, host } of cases) samples.get(name)?.push(await get(port, host, "/landing/lumen"));
  }
  return cases.map(({ name }) => {
    const list = samples.get(name) ?? [];
    const p = (key: keyof Sample, rank: number) =>
      percentile(
        list.map((sample) => sample[key]),
        rank,
      );
    return {
      case: name,
      requests: list.length,
      wallP50Ms: p("wallMs", 50),
      wallP95Ms: p("wallMs", 95),
      renderP50Ms: p("renderMs", 50),
      renderP95Ms: p("renderMs", 95),
      totalP50Ms: p("totalMs", 50),
      totalP95Ms: p("totalMs", 95),
    };
  });
}
