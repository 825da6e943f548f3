import { Hono } from "hono";
import { adminRoutes } from "./http/admin-routes.ts";
import { analyticsRoutes } from "./http/analytics-routes.ts";
import { advertiserFundingRoutes } from "./http/advertiser-funding-routes.ts";
import { advertiserRoutes } from "./http/advertiser-routes.ts";
import { advertiserCampaignRoutes } from "./http/advertiser-campaign-routes.ts";
import { advertiserReportRoutes } from "./http/advertiser-report-routes.ts";
import { AppError } from "./contracts/errors.ts";
import { apiErrorResponse } from "./http/api-error.ts";
import { apiKeyRoutes } from "./http/api-key-routes.ts";
import { authRoutes } from "./http/auth-routes.ts";
import { signInRoutes } from "./http/sign-in-routes.ts";
import { campaignInvitationRoutes } from "./http/campaign-invitation-routes.ts";
import { conversionRoutes } from "./http/conversion-routes.ts";
import { creatorInvitationRoutes } from "./http/creator-invitation-routes.ts";
import { healthRoutes } from "./http/health.ts";
import { iconRoutes } from "./http/icon-routes.ts";
import { notificationRoutes } from "./http/notification-routes.ts";
import { pageRoutes } from "./http/page-routes.ts";
import { payoutWebhookRoutes } from "./http/payout-webhook-routes.ts";
import { postRoutes } from "./http/post-routes.ts";
import { referralRoutes } from "./http/referral-routes.ts";
import { commissionRoutes } from "./http/commission-routes.ts";
import { riskReviewRoutes } from "./http/risk-review-routes.ts";
import { rewardsRoutes } from "./http/rewards-routes.ts";
import { settingsRoutes } from "./http/settings-routes.ts";
import { telemetryRoutes } from "./http/telemetry-routes.ts";
import { termsRoutes } from "./http/terms-routes.ts";
import { walletRoutes } from "./http/wallet-routes.ts";
import { withdrawalRoutes } from "./http/withdrawal-routes.ts";
import { handleTrpc } from "./http/trpc-route.ts";
import { whitelistGuard } from "./middleware/brand-guard.ts";
import { htmlSecurity, transportSecurity } from "./middleware/html-security.ts";
import { noStoreByDefault } from "./middleware/no-store.ts";
import { doorLimits } from "./middleware/door-limits.ts";
import { writeLimits } from "./middleware/write-limits.ts";
import { pageSession } from "./middleware/page-session.ts";
import { pageActionsFromSameOrigin } from "./middleware/same-origin.ts";
import { requestContext } from "./middleware/request-context.ts";
import { applyRouteRules } from "./middleware/route-rules.ts";
import { auditImpersonatedWrites } from "./middleware/impersonation.ts";
import { pathForLogs } from "./contracts/admin-spoofing.ts";
import { wellFormedPath } from "./middleware/well-formed-path.ts";
import { renderWithReactRouter } from "./ssr/react-router.ts";
import type { WorkerEnv } from "./worker-env.ts";

/**
 * Where every request enters, in the order registered below: transport security (HSTS and nosniff, set on the way
 * out) → request context (capabilities, request id, Server-Timing) → the well-formed-path check → health checks,
 * icons and the telemetry endpoint → route rules (redirects, caching) → on /auth, /trpc and /v1: the default
 * no-store, the door rate limits, the whitelist guard with the brand of the hostname and the write limits, and on /v1
 * the audit of impersonated writes → on /r (referral links) the default no-store and the whitelist guard → sign-in and tokens (/auth) → the typed RPC (/trpc) → the REST API (/v1, then its
 * 404) → React Router SSR for everything else (page session, whitelist guard, nonce and security headers).
 */
export const app = new Hono<WorkerEnv>();

app.use(transportSecurity);
app.use(requestContext);
app.use(wellFormedPath);
app.route("/", healthRoutes);
app.route("/", iconRoutes);
app.route("/", telemetryRoutes);
app.use(applyRouteRules);
for (const prefix of ["/auth/*", "/trpc/*", "/v1/*"]) app.use(prefix, noStoreByDefault, doorLimits, whitelistGuard, writeLimits);
app.use("/v1/*", auditImpersonatedWrites);
app.use("/r/*", noStoreByDefault, whitelistGuard);
app.route("/", authRoutes);
app.route("/", signInRoutes);
app.all("/trpc/*", handleTrpc);
app.route("/", adminRoutes);
app.route("/", advertiserRoutes);
app.route("/", advertiserCampaignRoutes);
app.route("/", advertiserReportRoutes);
app.route("/", campaignInvitationRoutes);
app.route("/", creatorInvitationRoutes);
app.route("/", advertiserFundingRoutes);
app.route("/", apiKeyRoutes);
app.route("/", conversionRoutes);
app.route("/", referralRoutes);
app.route("/", commissionRoutes);
app.route("/", riskReviewRoutes);
app.route("/", analyticsRoutes);
app.route("/", rewardsRoutes);
app.route("/", postRoutes);
app.route("/", notificationRoutes);
app.route("/", termsRoutes);
app.route("/", withdrawalRoutes);
app.route("/", payoutWebhookRoutes);
app.route("/", settingsRoutes);
app.route("/", walletRoutes);
app.route("/", pageRoutes);

app.all("/v1/*", (c) => apiErrorResponse(c, new AppError(404, "not_found", `No API endpoint at ${c.req.path}`)));

app.all("*", pageActionsFromSameOrigin, pageSession, whitelistGuard, htmlSecurity, (c) => renderWithReactRouter(c));

app.onError((error, c) => {
  if (error instanceof AppError) return apiErrorResponse(c, error);
  const incidentId = c.var.requestId ?? "no-request-id";
  console.error(`[${incidentId}] Unhandled error`, error);
  const report = c.var.capabilities?.telemetry.reportException({
    incidentId,
    message: error.message,
    typeName: error.name,
    ...(error.stack === undefined ? {} : { stack: error.stack }),
    statusCode: 500,
    ...(c.var.session ? { userId: c.var.session.userId } : {}),
    path: pathForLogs(c.req.path),
    method: c.req.method,
  });
  // No capabilities: the configuration itself failed, and there is nowhere to report to (the log line stays).
  if (report !== undefined) c.executionCtx.waitUntil(report);
  return apiErrorResponse(c, new AppError(500, "internal_error", "Something went wrong on our side. Please try again."));
});
