/**
 * A pass-through HTTP proxy in front of a stand-in that counts the requests reaching it by method and path, so the
 * polling benchmark counts what the worker really sent to each network without touching product or stand-in code.
 */
import { createServer, request } from "node:http";
import { closeServer, listenOn } from "../../emulators/shared/serving.ts";

export type CountingProxy = {
  url: string;
  /** Requests so far, by `METHOD /path` (query left out). */
  counts(): Record<string, number>;
  close(): Promise<void>;
};

export async function startCountingProxy(target: string, port: number): Promise<CountingProxy> {
  const counts = new Map<string, number>();
  const server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? "/", target);
    const key = `${incoming.method ?? "GET"} ${url.pathname}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const forwarded = request(url, { method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forwarded.on("error", (error) => {
      outgoing.writeHead(502, { "content-type": "text/plain" });
      outgoing.end(`The counting proxy could not reach ${target}: ${error.message}`);
    });
    incoming.pipe(forwarded);
  });
  const url = await listenOn(server, port, "127.0.0.1", "The counting proxy");
  return { url, counts: () => Object.fromEntries(counts), close: () => closeServer(server) };
}
