import { readFileSync } from "node:fs";

/** A value of .dev.vars (written by scripts/ensure-dev-vars.ts before any build or start), without its quotes. */
export function localSecret(name: string): string {
  const line = readFileSync(".dev.vars", "utf8")
    .split("\n")
    .find((candidate) => candidate.trim().startsWith(`${name}=`));
  if (line === undefined) throw new Error(`.dev.vars has no ${name} (node scripts/ensure-dev-vars.ts adds it)`);
  return line
    .slice(line.indexOf("=") + 1)
    .trim()
    .replace(/^"(.*)"$/, "$1");
}
