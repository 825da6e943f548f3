/**
 * `npm test`: every layer CI runs, in order — typecheck, format, lint, unit and worker tests (one vitest run, two
 * projects), the production build, then the Playwright end-to-end tests against that build. Prints each layer's
 * result and ends with one line `N passed, N failed`; exits non-zero if anything failed.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { stripVTControlCharacters } from "node:util";

type LayerResult = { name: string; passed: number; failed: number; seconds: number; note?: string };

/** Each failed test and the start of its error, printed again beside the summary: CI keeps only an output's tail. */
const failures: string[] = [];

function recordFailure(title: string, message: string | undefined): void {
  const lines = stripVTControlCharacters(message ?? "(no message)")
    .split("\n")
    .filter((line) => line.trim() !== "");
  failures.push([`  ✘ ${title}`, ...lines.slice(0, 8).map((line) => `      ${line.slice(0, 200)}`)].join("\n"));
}

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

/** Runs a command that is one check, passing its output through and keeping its last lines for the failure list. */
function runKeepingTail(command: string, args: string[]): Promise<{ code: number; tail: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["inherit", "pipe", "pipe"] });
    let output = "";
    const keep = (chunk: Buffer, sink: NodeJS.WriteStream) => {
      sink.write(chunk);
      output = (output + chunk.toString()).slice(-8_000);
    };
    child.stdout.on("data", (chunk: Buffer) => keep(chunk, process.stdout));
    child.stderr.on("data", (chunk: Buffer) => keep(chunk, process.stderr));
    child.on("close", (code) => resolve({ code: code ?? 1, tail: output }));
  });
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const startedAt = performance.now();
  const result = await work();
  return [result, (performance.now() - startedAt) / 1000];
}

/** A layer that is one check (typecheck, format, lint, build): it passes or fails as a whole. */
async function check(name: string, command: string, args: string[]): Promise<LayerResult> {
  const [{ code, tail }, seconds] = await timed(() => runKeepingTail(command, args));
  // The end of a failed check's output says why (tsc's errors, the formatter's files); keep its last lines.
  if (code !== 0)
    recordFailure(
      name,
      tail
        .split("\n")
        .filter((line) => line.trim() !== "")
        .slice(-8)
        .join("\n"),
    );
  return { name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, seconds };
}

type VitestReport = {
  testResults: { name: string; assertionResults: { status: string; fullName: string; failureMessages: string[] }[] }[];
  numFailedTestSuites: number;
};

async function vitestLayers(): Promise<LayerResult[]> {
  const reportPath = "test-results/vitest.json";
  rmSync(reportPath, { force: true });
  const [code, seconds] = await timed(() =>
    run("vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${reportPath}`]),
  );
  let report: VitestReport;
  try {
    report = JSON.parse(readFileSync(reportPath, "utf8")) as VitestReport;
  } catch {
    return [{ name: "unit + worker", passed: 0, failed: 1, seconds, note: `vitest exited with ${code} and no report` }];
  }
  for (const file of report.testResults) {
    for (const result of file.assertionResults) {
      if (result.status === "failed")
        recordFailure(`${file.name.replace(`${process.cwd()}/`, "")} › ${result.fullName}`, result.failureMessages[0]);
    }
  }
  const layers = ["unit", "worker"].map((project) => {
    const files = report.testResults.filter((file) => file.name.includes(`/tests/${project}/`));
    const results = files.flatMap((file) => file.assertionResults);
    return {
      name: project,
      passed: results.filter((result) => result.status === "passed").length,
      failed: results.filter((result) => result.status === "failed").length,
      seconds,
    };
  });
  // A file that fails to load has no test results; count it so it cannot pass silently.
  if (code !== 0 && layers.every((layer) => layer.failed === 0)) {
    layers.push({ name: "vitest (load errors)", passed: 0, failed: Math.max(1, report.numFailedTestSuites), seconds });
  }
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

async function endToEnd(): Promise<LayerResult> {
  const reportPath = "test-results/e2e.json";
  rmSync(reportPath, { force: true });
  const [code, seconds] = await timed(() => run("playwright", ["test"]));
  try {
    const { stats, suites } = JSON.parse(readFileSync(reportPath, "utf8")) as PlaywrightReport;
    recordPlaywrightFailures(suites);
    // A flaky test is a failing test here: retries are off, and a pass on retry would hide a bug.
    return { name: "e2e", passed: stats.expected, failed: stats.unexpected + stats.flaky, seconds };
  } catch {
    return { name: "e2e", passed: 0, failed: 1, seconds, note: `playwright exited with ${code} and no report` };
  }
}

mkdirSync("test-results", { recursive: true });
const results: LayerResult[] = [];
results.push(await check("typecheck", "npm", ["run", "--silent", "typecheck"]));
results.push(await check("format", "npm", ["run", "--silent", "format:check"]));
results.push(await check("lint", "npm", ["run", "--silent", "lint"]));
results.push(...(await vitestLayers()));
const build = await check("build", "npm", ["run", "--silent", "build"]);
results.push(build);
if (build.failed === 0) results.push(await endToEnd());
else results.push({ name: "e2e", passed: 0, failed: 1, seconds: 0, note: "skipped: the build failed" });

if (failures.length > 0) console.log(`\nFailures\n${failures.join("\n")}`);
console.log("\nResults by layer");
for (const layer of results) {
  const status = layer.failed === 0 ? "ok  " : "FAIL";
  console.log(
    `  ${status} ${layer.name.padEnd(22)} ${String(layer.passed).padStart(4)} passed ${String(layer.failed).padStart(3)} failed  ${layer.seconds.toFixed(1)}s${layer.note ? `  (${layer.note})` : ""}`,
  );
}
const passed = results.reduce((sum, layer) => sum + layer.passed, 0);
const failed = results.reduce((sum, layer) => sum + layer.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
