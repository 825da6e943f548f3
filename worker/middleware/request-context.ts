import { createMiddleware } from "hono/factory";
import { capabilitiesFor } from "../capabilities.ts";
import { newIncidentId } from "../contracts/incidents.ts";
import type { WorkerEnv } from "../worker-env.ts";

/** First in the chain: the request's capabilities (validated config, clock, clients), and a request id for logs
 * (the Incident Id a failed page shows). */
export const requestContext = createMiddleware<WorkerEnv>(async (c, next) => {
  c.set("capabilities", capabilitiesFor(c.env));
  c.set("requestId", c.req.header("cf-ray") ?? newIncidentId());
  c.set("session", null);
  c.set("brand", null);
  c.set("nonce", "");
  await next();
});
