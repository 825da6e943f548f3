import type { Context } from "hono";
import { createRequestHandler, RouterContextProvider, type RequestHandler } from "react-router";
import { workerContext } from "../../app/worker-context.ts";
import { ruleFor } from "../edge/route-rules.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { cachedDocument, documentKey, keepDocument } from "./document-cache.ts";

const serverBuild = () => import("virtual:react-router/server-build");

/**
 * React Router's handler, built once per isolate on the first page request. Handed a function instead of the build,
 * React Router derives its route tables (createStaticHandler, route ranking) again on every request so that the dev
 * server's hot reload is seen; that cost production 0.5–0.9 ms of CPU per page, so only development keeps it.
 */
let productionHandler: RequestHandler | undefined;
const developmentHandler = import.meta.env.DEV ? createRequestHandler(serverBuild, import.meta.env.MODE) : undefined;

async function requestHandler(): Promise<RequestHandler> {
  if (developmentHandler !== undefined) return developmentHandler;
  productionHandler ??= createRequestHandler(await serverBuild(), import.meta.env.MODE);
  return productionHandler;
}

/**
 * Hands a request to React Router's SSR with the request's capabilities in the router context, or answers it with the
 * kept document when it is one that is the same for every visitor (./document-cache.ts).
 */
export async function renderWithReactRouter(c: Context<WorkerEnv>): Promise<Response> {
  const { timings, clock } = c.get("capabilities");
  const startedAt = performance.now();
  const nonce = c.get("nonce");
  const key = documentKey({
    method: c.req.method,
    url: c.req.url,
    signedIn: c.get("session") !== null,
    brand: c.get("brand"),
    development: import.meta.env.DEV,
  });
  const cached = key === null ? null : cachedDocument(key, nonce, clock.now());
  if (cached !== null) {
    timings.record("render", performance.now() - startedAt);
    return cached;
  }
  const handleRequest = await requestHandler();
  const queryMsBefore = timings.queryMs();
  const roundTripsBefore = timings.d1RoundTrips();
  const context = new RouterContextProvider();
  context.set(workerContext, {
    capabilities: c.get("capabilities"),
    requestId: c.get("requestId"),
    session: c.get("session"),
    brand: c.get("brand"),
    nonce,
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
  });
  const rendered = await handleRequest(c.req.raw, context);
  const sessionStillLive = c.get("sessionStillLive");
  if (sessionStillLive !== null && !(await sessionStillLive())) {
    // Revoked since this isolate last read it: what was read for that session is dropped, and the visitor is signed out.
    await rendered.body?.cancel();
    c.set("session", null);
    c.set("sessionStillLive", null);
    return renderWithReactRouter(c);
  }
  const response =
    key === null
      ? rendered
      : await keepDocument(key, rendered, {
          nonce,
          readData: timings.d1RoundTrips() > roundTripsBefore,
          sharedFor: ruleFor(c.req.path)?.sharedFor,
          now: clock.now(),
        });
  // The render, without the loaders' data query groups (each is an entry of its own).
  timings.record("render", Math.max(0, performance.now() - startedAt - (timings.queryMs() - queryMsBefore)));
  return response;
}
