import type { Context } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { workerContext } from "../../app/worker-context.ts";
import type { WorkerEnv } from "../worker-env.ts";

// Built once per isolate, not per request: the server build is imported lazily on the first request.
const handleRequest = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

/** Hands a request to React Router's streaming SSR with the request's capabilities in the router context. */
export async function renderWithReactRouter(c: Context<WorkerEnv>): Promise<Response> {
  const startedAt = performance.now();
  const context = new RouterContextProvider();
  context.set(workerContext, {
    capabilities: c.var.capabilities,
    requestId: c.var.requestId,
    session: c.var.session,
    brand: c.var.brand,
    nonce: c.var.nonce,
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
  });
  const response = await handleRequest(c.req.raw, context);
  // Time to the first byte of the stream, loaders included (the data groups are their own entries).
  c.var.capabilities.timings.record("render", performance.now() - startedAt);
  return response;
}
