/** Plain HTTP GETs to the benchmark's server from Node, which cannot resolve `*.localhost`: the host goes in `Host`. */
import { Agent, request } from "node:http";

export type GetTarget = { host?: string; path: string; headers?: Record<string, string> };
export type GetResult = { status: number; serverTiming: string | undefined; body: string };

/** What a browser sends for a page; not a bot, so React Router streams as it does for people. */
export const browserHeaders = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
};

/** One keep-alive connection for every request made through it, one request at a time. */
export const singleConnection = () => new Agent({ keepAlive: true, maxSockets: 1 });

export function get(origin: string, target: GetTarget, agent?: Agent): Promise<GetResult> {
  const url = new URL(target.path, origin);
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      { agent, headers: { ...browserHeaders, ...target.headers, ...(target.host ? { Host: `${target.host}:${url.port}` } : {}) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            serverTiming: response.headers["server-timing"]?.toString(),
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    call.on("error", reject);
    call.end();
  });
}
