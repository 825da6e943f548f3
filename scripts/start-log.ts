/**
 * The quiet output of `npm start`: each step's programs write to one log file (.wrangler/logs/start-<time>-<port>.log)
 * and the terminal gets a line per step; a step that fails prints what it wrote, in full.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";

export class StepFailedError extends Error {
  override name = "StepFailedError";
  /** Everything the step's program wrote. */
  readonly output: string;
  constructor(message: string, output: string) {
    super(message);
    this.output = output;
  }
}

export type StartLog = {
  path: string;
  /**
   * Runs a program into the log, keeping what it writes; `onLine` sees each line it writes as it comes. Resolves with
   * its output when it exits with 0, rejects with a StepFailedError holding that output otherwise.
   */
  run(command: string, args: string[], env: Record<string, string>, onLine?: (line: string) => void): RunningProgram;
};

export type RunningProgram = { child: ChildProcess; exited: Promise<string> };

function timestamp(at: Date): string {
  return at
    .toISOString()
    .slice(0, 19)
    .replace(/[:T]/g, (character) => (character === "T" ? "-" : ""));
}

export function openStartLog(port: number, at = new Date()): StartLog {
  mkdirSync(".wrangler/logs", { recursive: true });
  const path = `.wrangler/logs/start-${timestamp(at)}-${port}.log`;
  const file: WriteStream = createWriteStream(path, { flags: "a" });
  return {
    path,
    run(command, args, env, onLine) {
      file.write(`\n$ ${[command, ...args].join(" ")}\n`);
      const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
      let output = "";
      let partial = "";
      const take = (chunk: Buffer) => {
        const text = chunk.toString("utf8");
        file.write(text);
        output += text;
        if (onLine === undefined) return;
        const lines = (partial + text).split("\n");
        partial = lines.pop() ?? "";
        for (const line of lines) onLine(line);
      };
      child.stdout.on("data", take);
      child.stderr.on("data", take);
      const exited = new Promise<string>((resolve, reject) => {
        child.on("error", (error) => reject(new StepFailedError(`${command} could not run (${error.message})`, output)));
        child.on("exit", (code, signal) => {
          if (code === 0) resolve(output);
          else reject(new StepFailedError(`${command} ${args[0] ?? ""} ended with ${signal ?? `exit code ${code}`}`, output));
        });
      });
      return { child, exited };
    },
  };
}

/** Runs `work` as one step: its label, then on the same line how long it took, or that it failed. */
export async function step<T>(label: string, work: () => Promise<T>, summary?: (result: T) => string): Promise<T> {
  process.stdout.write(`• ${label} … `);
  const started = Date.now();
  try {
    const result = await work();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const said = summary === undefined ? "" : `${summary(result)}, `;
    process.stdout.write(`done (${said}${seconds} s)\n`);
    return result;
  } catch (error) {
    process.stdout.write("failed\n");
    throw error;
  }
}
