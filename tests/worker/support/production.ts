import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { app } from "../../../worker/app.ts";

/** The same worker with production's configuration (https services, ENVIRONMENT = production). */
export const productionEnv: Cloudflare.Env = {
  ...env,
  ENVIRONMENT: "production",
  APP_ORIGINS: "https://chorus.example",
  CORE_APP_DOMAIN: "chorus.example",
  X_AUTHORIZE_URL: "https://x.com/i/oauth2/authorize",
  X_API_BASE_URL: "https://api.x.com",
  MAIL_API_URL: "https://api.resend.com",
  PAYOUT_API_URL: "https://payouts.chorus.example",
  BLUESKY_HANDLE_RESOLVER_URL: "https://public.api.bsky.app",
  BLUESKY_PLC_DIRECTORY_URL: "https://plc.directory",
  BLUESKY_APPVIEW_URL: "https://public.api.bsky.app",
  APPLICATIONINSIGHTS_CONNECTION_STRING:
    "InstrumentationKey=6f1c2a4e-4b7d-4c2e-9a51-0c0ffee0c0de;IngestionEndpoint=https://ingest.example/",
};

/** A request to the worker configured as in production, waiting for the work it leaves running. */
export async function inProduction(request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(request, productionEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}
