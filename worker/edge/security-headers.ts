/**
 * Headers for every HTML page. Scripts run only with the per-request nonce (or, for prerendered files, their
 * build-time hashes); styles may be inline because themes set CSS custom properties in a style attribute.
 */
export function contentSecurityPolicy(options: { scriptSources: string[]; imageOrigins: string[]; connectOrigins?: string[] }) {
  return [
    "default-src 'self'",
    `script-src 'self' ${options.scriptSources.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: https: ${options.imageOrigins.join(" ")}`.trim(),
    "font-src 'self'",
    `connect-src 'self' ${(options.connectOrigins ?? []).join(" ")}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Headers for every answer of the worker, JSON and redirects included: HTTPS only from the first visit on, and no
 * content sniffing (a JSON body echoing input must never be read as HTML or script).
 */
export const transportSecurityHeaders: Record<string, string> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
};

export const staticSecurityHeaders: Record<string, string> = {
  ...transportSecurityHeaders,
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};
