import { Hono } from "hono";
import { ApiError, apiErrorResponse } from "./http/api-error.ts";
import { authRoutes } from "./http/auth-routes.ts";
import { healthRoutes } from "./http/health.ts";
import { handleTrpc } from "./http/trpc-route.ts";
import { pageSession } from "./middleware/page-session.ts";
import { requestContext } from "./middleware/request-context.ts";
import { renderWithReactRouter } from "./ssr/react-router.ts";
import type { WorkerEnv } from "./worker-env.ts";

/**
 * Where every request enters. Order: request context (config, clock, request id) → health checks → sign-in and
 * tokens (/auth) → the typed RPC (/trpc) → the REST API (/v1) → React Router SSR for everything else.
 */
export const app = new Hono<WorkerEnv>();

app.use(requestContext);
app.route("/", healthRoutes);
app.route("/", authRoutes);
app.all("/trpc/*", handleTrpc);

app.all("/v1/*", (c) => apiErrorResponse(c, new ApiError(404, "not_found", `No API endpoint at ${c.req.path}`)));

app.all("*", pageSession, (c) => renderWithReactRouter(c));

app.onError((error, c) => {
  if (error instanceof ApiError) return apiErrorResponse(c, error);
  console.error(`[${c.get("requestId") ?? "no-request-id"}] Unhandled error`, error);
  return apiErrorResponse(c, new ApiError(500, "internal_error", "Something went wrong on our side. Please try again."));
});
