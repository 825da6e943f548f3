/**
 * `npm run fuzz`: hostile generated requests (fuzz/, fast-check) to every route of the Hono app, every tRPC procedure
 * and the auth routes, against a copy of the production build under Miniflare (bench/built-app.ts, as the page
 * benchmarks serve it: no dev-server proxy between the client and the worker, so every answer is the app's) on its own
 * port and freshly seeded data, beside the local emulators the start script runs (scripts/local-emulators.ts).
 * Pass: no answer ≥ 500, every 400 names the field, nothing stored by an endpoint whose requests were all refused,
 * and /ping still answers at the end. Prints a table per endpoint and writes bench-results/fuzz-<date>.md; exits 1 on
 * any failure (docs/decisions/027-fuzzing-and-concurrency.md).
 *
 *   FUZZ_SEED        the seed (default 1327); the same seed sends the same requests
 *   FUZZ_RUNS        requests per endpoint (default 10,000)
 *   FUZZ_ONLY        only endpoints whose name contains one of these comma-separated texts (e.g. "/v1/wallet,tRPC")
 *   FUZZ_SKIP_BUILD  1 to serve the existing build instead of building first
 *   FUZZ_FRESH       1 to start over instead of resuming: each finished endpoint is appended to
 *                    bench-results/fuzz-progress-seed<seed>-runs<runs>.jsonl, and a later run with the same seed and
 *                    length skips those (an endpoint's requests depend on its place in the full list, not on FUZZ_ONLY,
 *                    so a run split in parts sends what one run would)
 *
 * `node scripts/fuzz.ts --list-routes` prints the app's routes and procedures as JSON: it loads worker/app.ts in Node
 * with TypeScript transforms and a stand-in for the SSR module (which only Vite can resolve); the run uses it so the
 * list of endpoints comes from the app itself, never from a hand-kept copy.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, openSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest, type OutgoingHttpHeaders } from "node:http";
import { registerHooks } from "node:module";
import { promisify } from "node:util";
import fc from "fast-check";
import {
  endpointName,
  endpointsOfProcedures,
  endpointsOfRoutes,
  fuzzRequest,
  type Credential,
  type Endpoint,
  type FuzzRequest,
} from "../fuzz/requests.ts";
import { progressFile, readProgress, recordProgress } from "./fuzz-progress.ts";
import { markdownReport, type EndpointResult } from "../fuzz/report.ts";
import { countedTables, rowCountChanges, rowCountSql, rowsAdded, TABLE_NAMES_SQL, type RowCounts } from "../fuzz/tables.ts";
import { describeRequest, newTally, recordAnswer } from "../fuzz/verdict.ts";
import { prepareSeededState, snapshotBuild, startBuiltApp, type BuiltApp } from "../bench/built-app.ts";
import { localEmulators, localWorkerVars, waitForEmulators } from "./local-emulators.ts";

if (process.argv.includes("--list-routes")) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      if (resolved.url.endsWith("/worker/ssr/react-router.ts")) {
        return {
          url: "data:text/javascript,export function renderWithReactRouter() { throw new Error('no SSR here'); }",
          shortCircuit: true,
        };
      }
      return resolved;
    },
  });
  const { app } = await import("../worker/app.ts");
  const { appRouter } = await import("../worker/trpc/router.ts");
  console.log(
    JSON.stringify({
      routes: app.routes.map(({ method, path }) => ({ method, path })),
      procedures: Object.keys(appRouter._def.procedures),
    }),
  );
  process.exit(0);
}

const port = 8840;
const origin = `http://127.0.0.1:${port}`;
const workDir = ".wrangler/fuzz";
const persistTo = `${workDir}/state`;
const seed = Number(process.env.FUZZ_SEED ?? 1327);
const runsPerEndpoint = Number(process.env.FUZZ_RUNS ?? 10_000);
const only = (process.env.FUZZ_ONLY ?? "").split(",").filter((text) => text.length > 0);
const IN_FLIGHT = 8;
const CHUNK = 250;
const run = promisify(execFile);

async function appEndpoints(): Promise<{ endpoints: Endpoint[]; procedures: string[] }> {
  const { stdout } = await run(process.execPath, ["--experimental-transform-types", "--no-warnings", "scripts/fuzz.ts", "--list-routes"], {
    maxBuffer: 10_000_000,
  });
  const listed = JSON.parse(stdout) as { routes: { method: string; path: string }[]; procedures: string[] };
  return { endpoints: [...endpointsOfRoutes(listed.routes), ...endpointsOfProcedures(listed.procedures)], procedures: listed.procedures };
}

let addressCounter = 0;
/** A new client address per request, so the per-address rate limits let the flood reach the handlers. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** A signed-in demo person: the session cookie (to mint new tokens) and the current access token. */
type Person = { cookies: Map<string, string>; bearer: string; userId: string };

function keepCookies(jar: Map<string, string>, response: Response) {
  for (const header of response.headers.getSetCookie()) {
    const [pair = ""] = header.split(";");
    const separator = pair.indexOf("=");
    jar.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim());
  }
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

/** Signs a demo person in the way a browser does: the read login, the X emulator's approval, the callback. */
async function signIn(handle: string): Promise<Person> {
  const cookies = new Map<string, string>();
  const headers = () => ({ Cookie: cookieHeader(cookies), "cf-connecting-ip": nextAddress() });
  const start = await fetch(`${origin}/auth/twitter/read/login`, { redirect: "manual", headers: headers() });
  keepCookies(cookies, start);
  const authorize = new URL(start.headers.get("location") ?? "");
  authorize.searchParams.set("emulator_login", handle);
  const approved = await fetch(authorize, { redirect: "manual" });
  const callback = await fetch(new URL(approved.headers.get("location") ?? "", origin), { redirect: "manual", headers: headers() });
  keepCookies(cookies, callback);
  const person: Person = { cookies, bearer: "", userId: "" };
  await refreshBearer(person);
  const profile = (await (await fetch(`${origin}/auth/profile`, { headers: { Authorization: person.bearer } })).json()) as {
    userId: string;
  };
  person.userId = profile.userId;
  return person;
}

async function refreshBearer(person: Person): Promise<void> {
  const response = await fetch(`${origin}/auth/session/tokens`, {
    method: "POST",
    headers: { Cookie: cookieHeader(person.cookies), Origin: origin, "Sec-Fetch-Site": "same-origin", "cf-connecting-ip": nextAddress() },
  });
  if (!response.ok) throw new Error(`Could not mint tokens (${response.status}): ${await response.text()}`);
  person.bearer = `Bearer ${((await response.json()) as { accessToken: string }).accessToken}`;
}

/** The ids the demo data gives the advertiser (its account, its campaigns), so some fuzzed paths name real things. */
async function knownIdsOf(advertiser: Person, creator: Person): Promise<string[]> {
  const ids = new Set<string>([creator.userId, advertiser.userId]);
  const collect = (text: string) => {
    for (const match of text.matchAll(/"id":"([^"]{1,100})"/g)) if (match[1] !== undefined) ids.add(match[1]);
  };
  const accounts = await (await fetch(`${origin}/v1/advertiser/accounts`, { headers: { Authorization: advertiser.bearer } })).text();
  collect(accounts);
  for (const id of [...ids].slice(0, 5)) {
    collect(
      await (
        await fetch(`${origin}/v1/advertiser/${encodeURIComponent(id)}/campaigns`, { headers: { Authorization: advertiser.bearer } })
      ).text(),
    );
  }
  return [...ids].slice(0, 40);
}

const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });

type Answer = { kind: "answer"; status: number; body: string } | { kind: "no-answer"; error: string } | { kind: "not-sent"; error: string };

/** Sends one request over raw HTTP (repeated headers stay repeated); the client's own refusals are told apart. */
function send(request: FuzzRequest, authorization: string | null): Promise<Answer> {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of [
    ...request.headers,
    ...(authorization === null ? [] : [["Authorization", authorization] as [string, string]]),
  ]) {
    const key = name.toLowerCase();
    const existing = headers[key];
    headers[key] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [String(existing)]), value];
  }
  headers["cf-connecting-ip"] = nextAddress();
  // Node frames a DELETE or OPTIONS body with neither length nor chunks; the length keeps each request whole.
  if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Answer) => {
      if (!settled) {
        settled = true;
        resolve(answer);
      }
    };
    let outgoing;
    try {
      outgoing = httpRequest(
        { host: "127.0.0.1", port, method: request.method, path: request.target, headers, agent, timeout: 60_000 },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on("data", (chunk: Buffer) => {
            if (size < 65_536) chunks.push(chunk);
            size += chunk.length;
          });
          response.on("end", () =>
            finish({ kind: "answer", status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
          );
          response.on("error", (error) =>
            finish({ kind: "answer", status: response.statusCode ?? 0, body: `(body cut: ${error.message})` }),
          );
        },
      );
    } catch (error) {
      finish({ kind: "not-sent", error: error instanceof Error ? error.message : String(error) });
      return;
    }
    outgoing.on("timeout", () => outgoing.destroy(new Error("no answer within 60 s")));
    outgoing.on("error", (error) => finish({ kind: "no-answer", error: error.message }));
    outgoing.end(request.body);
  });
}

async function fuzzEndpoint(
  endpoint: Endpoint,
  index: number,
  context: { knownIds: string[]; procedures: string[]; people: Record<Exclude<Credential, "none" | "garbage">, Person> },
): Promise<EndpointResult> {
  const name = endpointName(endpoint);
  const tally = newTally(name);
  let noAnswer = 0;
  let notSent = 0;
  let possiblyStored = 0;
  const authorizationFor = (credential: Credential): string | null => {
    if (credential === "none") return null;
    if (credential === "garbage") return "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.";
    return context.people[credential].bearer;
  };
  const arbitrary = fuzzRequest(endpoint, context);
  for (let offset = 0; offset < runsPerEndpoint; offset += CHUNK) {
    const requests = fc.sample(arbitrary, { seed: seed + index * 1_000_003 + offset, numRuns: Math.min(CHUNK, runsPerEndpoint - offset) });
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const request = requests[next];
        next += 1;
        if (request === undefined) continue;
        const answer = await send(request, authorizationFor(request.credential));
        if (answer.kind === "not-sent") notSent += 1;
        else if (answer.kind === "no-answer") {
          noAnswer += 1;
          if (tally.examples.length < 3)
            tally.examples.push({ request: describeRequest(request), status: 0, problem: `no answer (${answer.error})`, body: "" });
        } else {
          if (answer.status < 400) possiblyStored += 1;
          recordAnswer(tally, request, answer);
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  }
  // Only when every request was answered with a refusal can a changed row be blamed on a refused request.
  return { ...tally, noAnswer, notSent, rowChanges: "", storedWhileRefused: possiblyStored === 0 && noAnswer === 0 };
}

/** The emulators the start script runs beside the worker, their output in .wrangler/fuzz/emulators.log. */
function startEmulators(): ChildProcess[] {
  const log = openSync(`${workDir}/emulators.log`, "w");
  return localEmulators(port, persistTo).map((emulator) =>
    spawn("node", [emulator.script], { stdio: ["ignore", log, log], env: { ...process.env, ...emulator.env } }),
  );
}

mkdirSync("bench-results", { recursive: true });
mkdirSync(workDir, { recursive: true });
const buildDir = await snapshotBuild({ skipBuild: process.env.FUZZ_SKIP_BUILD === "1", into: `${workDir}/build` });
await prepareSeededState(persistTo);
const emulators = startEmulators();
let app: BuiltApp | undefined;
let failed: boolean;
try {
  await waitForEmulators(localEmulators(port, persistTo));
  app = await startBuiltApp({ buildDir, persistTo, port, vars: localWorkerVars(port), logFile: `${workDir}/worker.log` });
  const db = await app.miniflare.getD1Database("DB");
  const d1 = async (sql: string): Promise<Record<string, unknown>[]> => (await db.prepare(sql).all<Record<string, unknown>>()).results;
  const { endpoints, procedures } = await appEndpoints();
  const selected = endpoints.filter((endpoint) => only.length === 0 || only.some((text) => endpointName(endpoint).includes(text)));
  const people = { creator: await signIn("ada_creates"), advertiser: await signIn("aurora_team"), admin: await signIn("chorus_admin") };
  const knownIds = await knownIdsOf(people.advertiser, people.creator);
  const tables = countedTables((await d1(TABLE_NAMES_SQL)).map((row) => String(row.name)));
  const rowCounts = async () => ((await d1(rowCountSql(tables)))[0] ?? {}) as RowCounts;
  const progress = progressFile(seed, runsPerEndpoint);
  if (process.env.FUZZ_FRESH === "1") rmSync(progress, { force: true });
  const finished = readProgress(progress);
  const pending = selected.filter((endpoint) => !finished.has(endpointName(endpoint)));
  console.log(
    `Fuzzing ${pending.length} endpoints × ${runsPerEndpoint} requests (seed ${seed}) at ${origin}${finished.size > 0 ? `; ${selected.length - pending.length} already done in ${progress}` : ""}`,
  );

  let tokensMintedAt = performance.now();
  let lastEndpointMs = 0;
  let before = await rowCounts();
  for (const endpoint of pending) {
    const index = endpoints.indexOf(endpoint);
    // Access tokens live 15 minutes: new ones are minted (a write) before the counts an endpoint is judged by, when
    // those held could expire within an endpoint as long as the last one.
    if (performance.now() - tokensMintedAt + lastEndpointMs > 13 * 60_000) {
      for (const person of Object.values(people)) await refreshBearer(person);
      tokensMintedAt = performance.now();
      before = await rowCounts();
    }
    const endpointStartedAt = performance.now();
    const result = await fuzzEndpoint(endpoint, index, { knownIds, procedures, people });
    lastEndpointMs = performance.now() - endpointStartedAt;
    const after = await rowCounts();
    result.rowChanges = rowCountChanges(before, after);
    result.storedWhileRefused = result.storedWhileRefused && rowsAdded(before, after);
    before = after;
    recordProgress(progress, result, lastEndpointMs / 1000);
    console.log(
      `${result.failures + (result.storedWhileRefused ? 1 : 0) === 0 ? "ok  " : "FAIL"} ${result.endpoint}: ${result.requests} answered, ${result.failures} failures${result.noAnswer > 0 ? `, ${result.noAnswer} without answer` : ""}${result.notSent > 0 ? `, ${result.notSent} refused by the client` : ""}${result.rowChanges === "" ? "" : ` (rows: ${result.rowChanges})`}`,
    );
  }
  const pingAfter = await fetch(`${origin}/ping`)
    .then((response) => response.ok)
    .catch(() => false);
  const done = readProgress(progress);
  const all = selected.flatMap((endpoint) => done.get(endpointName(endpoint)) ?? []);
  const seconds = all.reduce((sum, { seconds }) => sum + seconds, 0);
  const report = markdownReport(
    all.map(({ result }) => result),
    { seed, runsPerEndpoint, seconds, pingAfter },
  );
  const file = `bench-results/fuzz-${new Date().toISOString().slice(0, 10)}.md`;
  writeFileSync(file, `# npm run fuzz\n\n${report}`);
  console.log(`\n${report}\nWritten to ${file}`);
  failed = !pingAfter || all.some(({ result }) => result.failures > 0 || result.storedWhileRefused);
} finally {
  agent.destroy();
  await app?.dispose();
  for (const emulator of emulators) emulator.kill("SIGTERM");
}
process.exitCode = failed ? 1 : 0;
