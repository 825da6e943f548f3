/** Small pieces every local emulator's HTTP server needs. */

/** A path segment decoded, or as it came when it is not valid percent-encoding. */
export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The request target as a URL; `base` only names the emulator (paths are what matter). */
export function requestUrl(raw: string | undefined, base: string): URL {
  const target = raw ?? "/";
  // `//host/path` would otherwise parse as a different host.
  return target.startsWith("/") ? new URL(`${base}${target}`) : new URL(target, base);
}

/** The origin to reach a server listening on `host:port` (a wildcard address is reached through loopback). */
export function originFor(host: string, port: number): string {
  const reachable = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}`;
}
