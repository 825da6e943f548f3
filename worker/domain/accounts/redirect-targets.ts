/**
 * Where a login may send the browser afterwards: a path on the site the login started from, or an absolute URL on
 * an origin we serve (an app origin or a registered partner hostname). Anything else falls back to `fallbackPath`,
 * so Chorus is never an open redirect.
 *
 * Origins are compared whole (scheme, host and port), never by host name alone: every origin of one deployment is
 * served on the scheme and port of the request (https on 443 in production), so `http://partner.example` (a
 * downgrade) or `https://partner.example:8443` (another service on a registered host) is not one of ours.
 */
export async function safeRedirectTarget(
  target: string | undefined,
  requestOrigin: string,
  isServedOrigin: (origin: string) => Promise<boolean>,
  fallbackPath = "/",
): Promise<URL> {
  const fallback = new URL(fallbackPath, requestOrigin);
  if (target === undefined) return fallback;
  // "//host", "/\host" and "\\host" are protocol-relative in browsers: never a local path.
  if (target.startsWith("/") && !/^[/\\]{2}/.test(target)) {
    const url = new URL(target, requestOrigin);
    return url.origin === requestOrigin ? url : fallback;
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return fallback;
  }
  if (url.origin === requestOrigin) return url;
  const request = new URL(requestOrigin);
  const sameSchemeAndPort = url.protocol === request.protocol && url.port === request.port;
  if (sameSchemeAndPort && (await isServedOrigin(url.origin))) return url;
  return fallback;
}
