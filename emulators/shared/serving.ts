import type { Server } from "node:http";
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

/** Listens on `port` (0: any free one) and answers the origin it serves, or fails naming the emulator. */
export async function listenOn(server: Server, port: number, host: string, name: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error(`${name} is not listening on a TCP port`);
  return originFor(host, address.port);
}

/** Stops listening and ends open connections (keep-alive ones would hold close() open until they time out). */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
