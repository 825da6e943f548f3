import { exports } from "cloudflare:workers";
import { fromThisFile } from "./client-address.ts";

/** A request to the worker under test, as a browser on the app's origin would send it. */
export function fetchWorker(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(fromThisFile(new Request(new URL(path, "http://127.0.0.1:8787"), { redirect: "manual", ...init })));
}

export function fetchPage(path: string, cookie?: string): Promise<Response> {
  return fetchWorker(path, { headers: { Accept: "text/html", ...(cookie === undefined ? {} : { Cookie: cookie }) } });
}
