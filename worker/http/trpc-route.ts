import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { Context } from "hono";
import { appRouter } from "../trpc/router.ts";
import type { WorkerEnv } from "../worker-env.ts";

/** Serves the typed RPC at /trpc (queries as GET with input in the query string, mutations as POST). */
export async function handleTrpc(c: Context<WorkerEnv>): Promise<Response> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? null;
  const response = await fetchRequestHandler({
    endpoint: "/trpc",
    req: c.req.raw,
    router: appRouter,
    createContext: () => ({ db: c.env.DB, brandCache: c.env.BRAND_CACHE, config: c.get("config"), clock: c.get("clock"), bearerToken: bearer }),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`[${c.get("requestId")}] trpc ${path ?? "?"} failed:`, error);
    },
  });
  response.headers.set("Cache-Control", "no-store");
  return response;
}
