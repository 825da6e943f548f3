/**
 * Where a login may send the browser afterwards: a path on the site the login started from, or an absolute URL on
 * an origin we serve (an app origin or a registered partner hostname). Anything else falls back to `fallbackPath`,
 * so Chorus is never an open redirect.
 */
export async function safeRedirectTarget(
  target: string | undefined,
  requestOrigin: string,
  isServedOrigin: (origin: string) => Promise<boolean>,
  fallbackPath = "/",
): Promise<URL> {
  const fallback = new URL(fallbackPath, requestOrigin);
  if (target === undefined) return fallback;
  // "//host" and "/\host" are protocol-relative in browsers: never a local path.
  if (target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\")) {
    const url = new URL(target, requestOrigin);
    return url.origin === requestOrigin ? url : fallback;
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return fallback;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return fallback;
  if (url.origin === requestOrigin || (await isServedOrigin(url.origin))) return url;
  return fallback;
}
