/**
 * `npm test`: every layer CI runs, in three lanes:
 *   checks   format, then typecheck (once vitest is past its start: see `vitestStarted`) and lint, beside the others
 *   vitest   the unit and worker tests (one vitest run, two projects), once the build is done
 *   browser  the production build, then the Playwright end-to-end tests against that build, beside vitest
 * The build goes first beside the format check alone: React Router gives its prerender's first request a fixed 10 s,
 * which a cold worker on a crowded machine can miss. The end-to-end tests are the longest lane, so they start as soon as the
 * build is done (decision 054 says what that costs the other lanes). Each lane writes its output to
 * test-results/lanes/<lane>.log as it runs, and the console gets a line as each layer ends, so the lanes never
 * interleave. A failed check's last lines and each failed test's error are printed with the summary. Ends with a table of each layer's result and time, and one line
 * `N passed, N failed`; exits non-zero if anything failed.
 */
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync, rmSync, type WriteStream } from "node:fs";
import { setPriority } from "node:os";
import { stripVTControlCharacters } from "node:util";

type LayerResult = { name: string; passed: number; failed: number; seconds: number; note?: string };

const LANES_DIR = "test-results/lanes";
const startedAt = performance.now();

/** Each failed test and the start of its error, printed again beside the summary: CI keeps only an output's tail. */
const failures: string[] = [];

function recordFailure(title: string, message: string | undefined): void {
  const lines = stripVTControlCharacters(message ?? "(no message)")
    .split("\n")
    .filter((line) => line.trim() !== "");
  failures.push([`  ✘ ${title}`, ...lines.slice(0, 8).map((line) => `      ${line.slice(0, 200)}`)].join("\n"));
}

/**
 * The lane that yields the processor (`nice` 10, inherited by every process it starts): the checks, which have no
 * time limits. The end-to-end and vitest lanes both wait on time limits, so they share the cores evenly: vitest at
 * `nice` 10 beside the journeys once ran a page test past its 60 s (decision 054).
 */
const YIELDING_PRIORITY = 10;

/**
 * Runs a command with its output going to the lane's log; answers its exit code and the last of its output. `onOutput`
 * sees each chunk as it comes.
 */
function run(
  log: WriteStream,
  command: string,
  args: string[],
  yielding = false,
  onOutput: (chunk: string) => void = () => undefined,
): Promise<{ code: number; tail: string }> {
  return new Promise((resolve) => {
    log.write(`\n$ ${command} ${args.join(" ")}\n`);
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    if (yielding && child.pid !== undefined) setPriority(child.pid, YIELDING_PRIORITY);
    let tail = "";
    const keep = (chunk: Buffer) => {
      log.write(chunk);
      onOutput(chunk.toString());
      tail = (tail + chunk.toString()).slice(-8_000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("close", (code) => resolve({ code: code ?? 1, tail }));
  });
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const layerStartedAt = performance.now();
  const result = await work();
  return [result, (performance.now() - layerStartedAt) / 1000];
}

function lastLines(text: string, count: number): string {
  return stripVTControlCharacters(text)
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(-count)
    .join("\n");
}

function announce(layer: LayerResult): void {
  const clock = ((performance.now() - startedAt) / 1000).toFixed(0).padStart(4);
  const status = layer.failed === 0 ? "ok  " : "FAIL";
  console.log(`[${clock} s] ${status} ${layer.name}: ${layer.passed} passed, ${layer.failed} failed in ${layer.seconds.toFixed(1)} s`);
}

/** A layer that is one check (typecheck, format, lint, build): it passes or fails as a whole. */
async function check(log: WriteStream, name: string, command: string, args: string[], yielding = false): Promise<LayerResult> {
  const [{ code, tail }, seconds] = await timed(() => run(log, command, args, yielding));
  // The end of a failed check's output says why (tsc's errors, the formatter's files); keep its last lines.
  if (code !== 0) recordFailure(name, lastLines(tail, 8));
  const layer = { name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, seconds };
  announce(layer);
  return layer;
}

type VitestReport = {
  testResults: { name: string; assertionResults: { status: string; fullName: string; failureMessages: string[] }[] }[];
  numFailedTestSuites: number;
};

/**
 * Opens once vitest has run its first test file (or ended): by then its React Router plugin has written the route
 * types again. The plugin starts a type generator with every Vite server it is part of, which first deletes
 * `.react-router/types` and then writes it; a typecheck reading that folder meanwhile missed a file (a fresh clone's run, session 41). So the
 * typecheck waits for this.
 */
let vitestPastStart: () => void = () => undefined;
const vitestStarted = new Promise<void>((resolve) => {
  vitestPastStart = resolve;
});

async function vitestLayers(log: WriteStream): Promise<LayerResult[]> {
  const reportPath = "test-results/vitest.json";
  rmSync(reportPath, { force: true });
  const [{ code, tail }, seconds] = await timed(() =>
    run(log, "vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${reportPath}`], false, (chunk) => {
      if (/[✓✗×] /.test(stripVTControlCharacters(chunk))) vitestPastStart();
    }),
  );
  vitestPastStart();
  let report: VitestReport;
  try {
    report = JSON.parse(readFileSync(reportPath, "utf8")) as VitestReport;
  } catch {
    recordFailure("vitest", lastLines(tail, 8));
    const layer = { name: "unit + worker", passed: 0, failed: 1, seconds, note: `vitest exited with ${code} and no report` };
    announce(layer);
    return [layer];
  }
  for (const file of report.testResults) {
    for (const result of file.assertionResults) {
      if (result.status === "failed")
        recordFailure(`${file.name.replace(`${process.cwd()}/`, "")} › ${result.fullName}`, result.failureMessages[0]);
    }
  }
  const layers: LayerResult[] = ["unit", "worker"].map((project) => {
    const files = report.testResults.filter((file) => file.name.includes(`/tests/${project}/`));
    const results = files.flatMap((file) => file.assertionResults);
    return {
      name: project,
      passed: results.filter((result) => result.status === "passed").length,
      failed: results.filter((result) => result.status === "failed").length,
      seconds,
      note: "one vitest run",
    };
  });
  // A file that fails to load has no test results; count it so it cannot pass silently.
  if (code !== 0 && layers.every((layer) => layer.failed === 0)) {
    recordFailure("vitest", lastLines(tail, 8));
    layers.push({ name: "vitest (load errors)", passed: 0, failed: Math.max(1, report.numFailedTestSuites), seconds });
  }
  layers.forEach(announce);
  return layers;
}

type PlaywrightSuite = {
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[];
  }[];
};
type PlaywrightReport = {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
};

function recordPlaywrightFailures(suites: PlaywrightSuite[]): void {
  for (const suite of suites) {
    recordPlaywrightFailures(suite.suites ?? []);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === "unexpected" || test.status === "flaky") {
          const error = test.results.find((result) => result.error !== undefined)?.error;
          recordFailure(`[${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}`, error?.message);
        }
      }
    }
  }
}

async function endToEnd(log: WriteStream): Promise<LayerResult> {
  const reportPath = "test-results/e2e.json";
  rmSync(reportPath, { force: true });
  const [{ code, tail }, seconds] = await timed(() => run(log, "playwright", ["test"]));
  let layer: LayerResult;
  try {
    const { stats, suites } = JSON.parse(readFileSync(reportPath, "utf8")) as PlaywrightReport;
    recordPlaywrightFailures(suites);
    // A flaky test is a failing test here: retries are off, and a pass on retry would hide a bug.
    layer = { name: "e2e", passed: stats.expected, failed: stats.unexpected + stats.flaky, seconds };
  } catch {
    recordFailure("e2e", lastLines(tail, 8));
    layer = { name: "e2e", passed: 0, failed: 1, seconds, note: `playwright exited with ${code} and no report` };
  }
  announce(layer);
  return layer;
}

function laneLog(lane: string): WriteStream {
  return createWriteStream(`${LANES_DIR}/${lane}.log`);
}

async function checksLane(): Promise<LayerResult[]> {
  const log = laneLog("checks");
  const format = await check(log, "format", "npm", ["run", "--silent", "format:check"], true);
  await vitestStarted;
  const results = [
    format,
    await check(log, "typecheck", "npm", ["run", "--silent", "typecheck"], true),
    await check(log, "lint", "npm", ["run", "--silent", "lint"], true),
  ];
  log.end();
  return results;
}

async function vitestLane(built: Promise<unknown>): Promise<LayerResult[]> {
  const log = laneLog("vitest");
  await built;
  const results = await vitestLayers(log);
  log.end();
  return results;
}

async function browserLane(build: Promise<LayerResult>, log: WriteStream): Promise<LayerResult[]> {
  const built = await build;
  const e2e =
    built.failed === 0 ? await endToEnd(log) : { name: "e2e", passed: 0, failed: 1, seconds: 0, note: "skipped: the build failed" };
  log.end();
  return [built, e2e];
}

mkdirSync(LANES_DIR, { recursive: true });
console.log(
  `Three lanes side by side (checks; vitest; the build, then the end-to-end tests); their output is in ${LANES_DIR}/ (checks.log, vitest.log, browser.log).`,
);
const browserLog = laneLog("browser");
const build = check(browserLog, "build", "npm", ["run", "--silent", "build"]);
const vitestRun = vitestLane(build);
const [checks, browser, vitest] = await Promise.all([checksLane(), browserLane(build, browserLog), vitestRun]);
const results = [...checks, ...vitest, ...browser];
const wallSeconds = (performance.now() - startedAt) / 1000;

if (failures.length > 0) console.log(`\nFailures (each lane's whole output is in ${LANES_DIR}/)\n${failures.join("\n")}`);
console.log("\nResults by layer\n");
console.log("| layer | passed | failed | time |");
console.log("| --- | ---: | ---: | ---: |");
for (const layer of results) {
  const name = layer.failed === 0 ? layer.name : `**${layer.name}** (failed)`;
  console.log(`| ${name} | ${layer.passed} | ${layer.failed} | ${layer.seconds.toFixed(0)} s${layer.note ? ` (${layer.note})` : ""} |`);
}
console.log(`| all three lanes | | | ${wallSeconds.toFixed(0)} s |`);
const passed = results.reduce((sum, layer) => sum + layer.passed, 0);
const failed = results.reduce((sum, layer) => sum + layer.failed, 0);
console.log(`\n${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
