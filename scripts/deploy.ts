/**
 * `npm run deploy`: deploys the production environment of wrangler.toml ([env.production]) and nothing else. Before
 * anything leaves the machine it reads the configuration wrangler resolves for that environment and stops, naming
 * the variable or binding, when it would ship local values: ENVIRONMENT other than "production", an http:// or local
 * (127.0.0.1, localhost) URL, a PRODUCTION_REPLACE_ME placeholder, or a binding of the top level missing from the
 * environment (wrangler does not inherit bindings into environments). Then it builds for that environment
 * (CLOUDFLARE_ENV, which the Vite plugin reads), checks the configuration the build wrote the same way, applies the
 * D1 migrations remotely and deploys (docs/decisions/027-fuzzing-and-concurrency.md).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const DEPLOYED_ENVIRONMENT = "production";
const PLACEHOLDER = "PRODUCTION_REPLACE_ME";

type Binding = { binding?: string; name?: string };

/** The parts of a resolved wrangler configuration the check reads. */
export type DeployConfig = {
  vars?: Record<string, unknown>;
  d1_databases?: Binding[];
  kv_namespaces?: Binding[];
  r2_buckets?: Binding[];
  ratelimits?: Binding[];
  queues?: { producers?: Binding[] };
};

const LOCAL_HOST = /(^|[^a-z0-9.-])(127\.\d+\.\d+\.\d+|localhost|0\.0\.0\.0|\[::1?\])([:/;,\s"]|$)/i;

function bindingNames(config: DeployConfig): string[] {
  const all = [
    ...(config.d1_databases ?? []),
    ...(config.kv_namespaces ?? []),
    ...(config.r2_buckets ?? []),
    ...(config.ratelimits ?? []),
    ...(config.queues?.producers ?? []),
  ];
  return all.map((binding) => binding.binding ?? binding.name ?? "").filter((name) => name !== "");
}

/**
 * Why this configuration must not be deployed, one sentence per problem naming the variable or binding; empty when it
 * may. `topLevel` is the configuration without an environment, whose bindings the deployed one must all have.
 */
export function deployProblems(config: DeployConfig, topLevel?: DeployConfig): string[] {
  const problems: string[] = [];
  const vars = config.vars ?? {};
  if (vars.ENVIRONMENT !== DEPLOYED_ENVIRONMENT) {
    problems.push(
      `ENVIRONMENT is ${JSON.stringify(vars.ENVIRONMENT ?? null)}, not "${DEPLOYED_ENVIRONMENT}": these are not the production vars.`,
    );
  }
  for (const [name, raw] of Object.entries(vars)) {
    const value = typeof raw === "string" ? raw : JSON.stringify(raw);
    if (/http:\/\//i.test(value)) problems.push(`${name} uses http:// (${value}); production URLs are https.`);
    if (LOCAL_HOST.test(value)) problems.push(`${name} points at this machine (${value}).`);
    if (value.includes(PLACEHOLDER))
      problems.push(`${name} is still the placeholder ${PLACEHOLDER}; set the real value in [env.production.vars].`);
  }
  for (const binding of [...(config.d1_databases ?? []), ...(config.kv_namespaces ?? [])]) {
    if (JSON.stringify(binding).includes(PLACEHOLDER))
      problems.push(`Binding ${binding.binding ?? "?"} still has the placeholder id ${PLACEHOLDER}.`);
  }
  if (topLevel !== undefined) {
    const deployed = new Set(bindingNames(config));
    for (const name of bindingNames(topLevel)) {
      if (!deployed.has(name))
        problems.push(`Binding ${name} is missing from [env.production] (wrangler does not inherit bindings; repeat it there).`);
    }
  }
  return problems;
}

function stopIf(problems: string[], where: string): void {
  if (problems.length === 0) return;
  console.error(`Not deploying: ${where}\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  process.exit(1);
}

function step(command: string, args: string[], env: Record<string, string> = {}): void {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.main) {
  const { unstable_readConfig } = await import("wrangler");
  const resolved = unstable_readConfig({ config: "wrangler.toml", env: DEPLOYED_ENVIRONMENT }, { hideWarnings: true });
  const topLevel = unstable_readConfig({ config: "wrangler.toml" }, { hideWarnings: true });
  stopIf(deployProblems(resolved, topLevel), `wrangler.toml [env.${DEPLOYED_ENVIRONMENT}] would ship local values.`);

  step("node", ["scripts/build.ts"], { CLOUDFLARE_ENV: DEPLOYED_ENVIRONMENT });
  const built = JSON.parse(readFileSync("build/server/wrangler.json", "utf8")) as DeployConfig;
  stopIf(deployProblems(built, topLevel), "the build's configuration (build/server/wrangler.json) would ship local values.");

  step("wrangler", ["d1", "migrations", "apply", "DB", "--remote", "-c", "wrangler.toml", "--env", DEPLOYED_ENVIRONMENT]);
  // The build wrote the production configuration and pointed wrangler at it (.wrangler/deploy/config.json).
  step("wrangler", ["deploy"]);
}
