import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { Context } from "hono";
import { TRPC_MAX_BATCH_SIZE } from "../contracts/rpc.ts";
import { bearerToken } from "../middleware/authenticate.ts";
import { appRouter } from "../trpc/router.ts";
import type { WorkerEnv } from "../worker-env.ts";

/** Serves the typed RPC at /trpc (queries as GET with input in the query string, mutations as POST). */
export function handleTrpc(c: Context<WorkerEnv>): Promise<Response> {
  return fetchRequestHandler({
    endpoint: "/trpc",
    req: c.req.raw,
    router: appRouter,
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    createContext: () => ({
      capabilities: c.var.capabilities,
      bearerToken: bearerToken(c.req.header("authorization")),
      requestId: c.var.requestId,
      waitUntil: (work) => c.executionCtx.waitUntil(work),
    }),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`[${c.var.requestId}] trpc ${path ?? "?"} failed:`, error);
    },
  });
}
