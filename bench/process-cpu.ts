/** CPU time of a process from Linux's /proc: user + system time of all its threads, in milliseconds. */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

const ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

/** The fields of /proc/<pid>/stat after the command name (which may itself hold spaces and parentheses). */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** utime + stime of the process (all threads), in ms; the resolution is one clock tick (usually 10 ms). */
export function processCpuMs(pid: number): number {
  const fields = statFields(pid);
  // Fields 14 and 15 of stat(5), counted from 1 with pid and comm as 1 and 2.
  return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1000;
}

/** The workerd process started by `parentPid` (Miniflare runs one per instance). */
export function workerdChildOf(parentPid: number): number {
  const children = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return Number(statFields(pid)[1]) === parentPid && readlinkSync(`/proc/${pid}/exe`).endsWith("/workerd");
      } catch {
        return false; // ended meanwhile, or not ours to read
      }
    });
  if (children.length !== 1) throw new Error(`Expected one workerd child of process ${parentPid}, found ${children.length}`);
  return children[0] as number;
}

/** `workerd --version` of the binary the process runs. */
export function workerdVersion(pid: number): string {
  return execFileSync(readlinkSync(`/proc/${pid}/exe`), ["--version"], { encoding: "utf8" }).trim();
}
