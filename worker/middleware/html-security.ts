import { createMiddleware } from "hono/factory";
import type { AppConfig } from "../config.ts";
import { contentSecurityPolicy, staticSecurityHeaders, transportSecurityHeaders } from "../edge/security-headers.ts";
import { ADMIN_SPOOFING_PATH } from "../contracts/admin-spoofing.ts";
import { randomToken } from "../security/tokens.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { setHeaders } from "./response-headers.ts";

const staticHeaderEntries = Object.entries(staticSecurityHeaders);
const transportHeaderEntries = Object.entries(transportSecurityHeaders);
const NONCE_SLOT = "{nonce}";
const policyTemplates = new WeakMap<AppConfig, string>();

/** The page's policy: written once per configuration (per isolate) with a slot for each request's nonce. */
function policyFor(config: AppConfig, nonce: string): string {
  let template = policyTemplates.get(config);
  if (template === undefined) {
    template = contentSecurityPolicy({
      scriptSources: import.meta.env.DEV ? ["'unsafe-inline'", "'unsafe-eval'"] : [`'nonce-${NONCE_SLOT}'`, "'strict-dynamic'"],
      // Avatars: X's and Bluesky's are https in production; locally their stand-ins serve them over http.
      imageOrigins: [...new Set([new URL(config.x.apiBaseUrl).origin, new URL(config.bluesky.appViewUrl).origin])],
      connectOrigins: config.iconEndpoint.startsWith("https://") ? [new URL(config.iconEndpoint).origin] : [],
    });
    policyTemplates.set(config, template);
  }
  return template.replace(NONCE_SLOT, () => nonce);
}

/**
 * A fresh script nonce per page, handed to React Router's renderer, and the security headers on every HTML answer.
 * Vite's dev server injects scripts of its own, so development alone allows inline scripts.
 */
export const htmlSecurity = createMiddleware<WorkerEnv>(async (c, next) => {
  const nonce = randomToken(16);
  c.set("nonce", nonce);
  await next();
  if (!(c.res.headers.get("Content-Type") ?? "").includes("text/html")) return;
  c.res.headers.set("Content-Security-Policy", policyFor(c.get("capabilities").config, nonce));
  for (const [name, value] of staticHeaderEntries) c.res.headers.set(name, value);
  // The spoofing link's address carries an access token and the secret: the next page must not get it as referrer.
  if (ADMIN_SPOOFING_PATH.test(c.req.path)) c.res.headers.set("Referrer-Policy", "no-referrer");
});

/** HSTS and nosniff on every answer the worker gives (JSON, redirects, errors), not only on pages. */
export const transportSecurity = createMiddleware<WorkerEnv>(async (c, next) => {
  await next();
  setHeaders(c, transportHeaderEntries, { keepExisting: true });
});
