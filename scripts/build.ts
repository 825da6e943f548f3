/**
 * The production build: React Router's build (client, worker, prerendered articles) under one build id, then what
 * the static-asset layer needs beside it:
 *   builds/latest.json          { id, timestamp } — what browsers poll hourly to notice a new deploy
 *   builds/meta/{id}.json       the route rules and the prerendered paths of this build
 *   _headers                    the route rules' caching and the security headers for files served without the
 *                               worker; prerendered pages get a CSP with the hashes of their inline scripts
 */
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cachePolicies, prerenderedPaths, routeRules } from "../worker/edge/route-rules.ts";
import { contentSecurityPolicy, staticSecurityHeaders } from "../worker/edge/security-headers.ts";

const clientDir = "build/client";
const timestamp = Date.now();
const buildId = `${timestamp.toString(36)}-${randomBytes(4).toString("hex")}`;

function step(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * React Router's build, again when only its prerender timed out: the prerender gives each page 10 s, a figure its
 * configuration does not expose, and on a loaded machine the preview server it starts can take longer to answer the
 * first page. Any other failure stops the build at once.
 */
function reactRouterBuild(attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    const result = spawnSync("react-router", ["build"], {
      stdio: ["inherit", "inherit", "pipe"],
      env: { ...process.env, CHORUS_BUILD_ID: buildId },
    });
    process.stderr.write(result.stderr);
    if (result.status === 0) return;
    const prerenderTimedOut = /Prerender: Request failed for .*aborted due to timeout/.test(result.stderr.toString());
    if (!prerenderTimedOut || attempt >= attempts) process.exit(result.status ?? 1);
    console.error(`The prerender timed out (attempt ${attempt} of ${attempts}); building again.`);
  }
}

step("node", ["scripts/ensure-dev-vars.ts"]);
reactRouterBuild();

mkdirSync(join(clientDir, "builds/meta"), { recursive: true });
writeFileSync(join(clientDir, "builds/latest.json"), JSON.stringify({ id: buildId, timestamp }));
writeFileSync(
  join(clientDir, `builds/meta/${buildId}.json`),
  JSON.stringify({ id: buildId, timestamp, routeRules, prerendered: prerenderedPaths }, null, 2),
);

/** CSP hashes of the inline scripts of a prerendered page, so they run without the per-request nonce. */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = match[1] ?? "";
    if (body.length > 0) hashes.add(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }
  return [...hashes];
}

const blocks: string[] = [];
const securityLines = Object.entries(staticSecurityHeaders).map(([name, value]) => `  ${name}: ${value}`);
for (const path of prerenderedPaths) {
  const html = readFileSync(join(clientDir, path, "index.html"), "utf8");
  const csp = contentSecurityPolicy({ scriptSources: [...inlineScriptHashes(html), "'strict-dynamic'"], imageOrigins: [] });
  const cacheControl = routeRules.find((rule) => rule.pattern === path)?.cacheControl ?? cachePolicies.article;
  blocks.push([path, `  Cache-Control: ${cacheControl}`, `  Content-Security-Policy: ${csp}`, ...securityLines].join("\n"));
  blocks.push([`${path}.data`, `  Cache-Control: ${cacheControl}`, "  X-Content-Type-Options: nosniff"].join("\n"));
}
for (const rule of routeRules) {
  if (rule.pattern.endsWith("/*") && rule.cacheControl !== undefined && ["/assets/*", "/builds/*"].includes(rule.pattern)) {
    blocks.push([rule.pattern, `  Cache-Control: ${rule.cacheControl}`, "  X-Content-Type-Options: nosniff"].join("\n"));
  }
}
writeFileSync(join(clientDir, "_headers"), `${blocks.join("\n\n")}\n`);
console.log(`Build ${buildId}: wrote builds/latest.json, builds/meta/${buildId}.json and _headers`);
