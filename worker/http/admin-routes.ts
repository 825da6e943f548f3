import { Hono } from "hono";
import {
  adHocIdempotencyKeySchema,
  adHocNotificationInputSchema,
  adminFunnelQuerySchema,
  campaignAudiencesQuerySchema,
  type CampaignAudiencePage,
  feedbackListQuerySchema,
  type AdHocNotificationResult,
  type AdminFeedbackList,
  type AdminFunnel,
  type FeedbackChange,
} from "../contracts/admin.ts";
import { createAdvertiserInputSchema, createMemberInvitationInputSchema } from "../contracts/advertisers.ts";
import { AppError } from "../contracts/errors.ts";
import { partnerInputSchema } from "../contracts/partners.ts";
import { publishTermsInputSchema, termsIdempotencyKeySchema, type PublishedTerms } from "../contracts/terms.ts";
import { createAdvertiserAccount } from "../domain/advertisers/accounts.ts";
import { sendAdHocNotification } from "../domain/admin/ad-hoc-notifications.ts";
import { feedbackInbox, handleFeedback, readFeedback } from "../domain/admin/feedback-inbox.ts";
import { adminFunnel } from "../domain/admin/funnel.ts";
import { campaignAudiencePage } from "../domain/admin/notification-audiences.ts";
import { createInvitationAsAdmin } from "../domain/advertisers/invitations.ts";
import { savePartner } from "../domain/brands/save-partner.ts";
import { publishTerms } from "../domain/terms/publish-terms.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import { refuseWhileImpersonating } from "../middleware/impersonation.ts";
import { requireRole } from "../middleware/require-role.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { jsonBody, parseInput } from "./validation.ts";

const noAdminWhileImpersonating = refuseWhileImpersonating("use the admin pages");

/** The `Idempotency-Key` header, or a 400 naming it. */
function idempotencyKeyOf(schema: typeof adHocIdempotencyKeySchema | typeof termsIdempotencyKeySchema, value: string | undefined): string {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const msg = parsed.error.issues[0]?.message ?? "is invalid";
  throw new AppError(400, "invalid_request", `Idempotency-Key: ${msg}`, [{ loc: ["header", "Idempotency-Key"], msg }]);
}

/**
 * Admin: registers partners and their domains (a change is visible at once on every hostname it touches), creates
 * advertiser accounts and invites their first member; the feedback inbox, ad-hoc notifications, new terms and the
 * funnel counts of `/admin` (docs/decisions: every change an admin makes there is audited).
 */
export const adminRoutes = new Hono<WorkerEnv>()
  .post("/v1/admin/advertisers", requireBearer, noAdminWhileImpersonating, requireRole("admin"), async (c) => {
    const input = parseInput(createAdvertiserInputSchema, await jsonBody(c), "body");
    return c.json(await createAdvertiserAccount(c.var.capabilities, input), 201);
  })
  .post("/v1/admin/advertisers/:advertiserId/invitations", requireBearer, noAdminWhileImpersonating, requireRole("admin"), async (c) => {
    const input = parseInput(createMemberInvitationInputSchema, await jsonBody(c, { whenEmpty: {} }), "body");
    const origin = new URL(c.req.url).origin;
    return c.json(await createInvitationAsAdmin(c.var.capabilities, c.var.session.userId, c.req.param("advertiserId"), input, origin), 201);
  })
  .put("/v1/admin/partners/:partnerId", requireBearer, noAdminWhileImpersonating, requireRole("admin"), async (c) => {
    const partnerId = c.req.param("partnerId");
    if (!/^[a-z0-9-]{2,64}$/.test(partnerId)) {
      throw new AppError(400, "invalid_request", "partnerId must be 2 to 64 lowercase letters, digits or dashes", [
        { loc: ["path", "partnerId"], msg: "must be 2 to 64 lowercase letters, digits or dashes" },
      ]);
    }
    const input = parseInput(partnerInputSchema, await jsonBody(c), "body");
    const { created } = await savePartner(c.var.capabilities, c.var.session.userId, partnerId, input);
    return c.json({ id: partnerId, ...input }, created ? 201 : 200);
  })
  .get("/v1/admin/feedback", requireBearer, noAdminWhileImpersonating, requireRole("admin"), async (c) => {
    const { status } = parseInput(feedbackListQuerySchema, c.req.query(), "query");
    const body: AdminFeedbackList = await feedbackInbox(c.var.capabilities, status);
    return c.json(body);
  })
  .post("/v1/admin/feedback/:feedbackId/read", requireBearer, noAdminWhileImpersonating, requireRole("admin"), async (c) => {
    const body: FeedbackChange = await readFeedback(c.var.capabilities, c.var.session.userId, c.req.param("feedbackId"));
    return c.json(body);
  })
  .post("/v1/admin/feedback/:feedbackId/handled", requireBearer, noAdminWhileImpersonating, requireRole("admin"), async (c) => {
    const body: FeedbackChange = await handleFeedback(c.var.capabilities, c.var.session.userId, c.req.param("feedbackId"));
    return c.json(body);
  })
  .post("/v1/admin/notifications", requireBearer, noAdminWhileImpersonating, requireRole("admin"), async (c) => {
    const idempotencyKey = idempotencyKeyOf(adHocIdempotencyKeySchema, c.req.header("idempotency-key"));
    const input = parseInput(adHocNotificationInputSchema, await jsonBody(c), "body");
    const body: AdHocNotificationResult = await sendAdHocNotification(c.var.capabilities, c.var.session.userId, input, idempotencyKey);
    return c.json(body, body.replayed ? 200 : 201);
  })
  .post("/v1/admin/terms", requireBearer, noAdminWhileImpersonating, requireRole("admin"), async (c) => {
    const idempotencyKey = idempotencyKeyOf(termsIdempotencyKeySchema, c.req.header("idempotency-key"));
    const input = parseInput(publishTermsInputSchema, await jsonBody(c), "body");
    const body: PublishedTerms = await publishTerms(c.var.capabilities, c.var.session.userId, input, idempotencyKey);
    return c.json(body, body.replayed ? 200 : 201);
  })
  .get("/v1/admin/notification-audiences/campaigns", requireBearer, noAdminWhileImpersonating, requireRole("admin"), async (c) => {
    const { q, after } = parseInput(campaignAudiencesQuerySchema, c.req.query(), "query");
    const body: CampaignAudiencePage = await campaignAudiencePage(c.var.capabilities, {
      ...(q === undefined ? {} : { q }),
      ...(after === undefined ? {} : { after }),
    });
    return c.json(body);
  })
  .get("/v1/admin/analytics/funnel", requireBearer, noAdminWhileImpersonating, requireRole("admin"), async (c) => {
    const { advertiserId } = parseInput(adminFunnelQuerySchema, c.req.query(), "query");
    const body: AdminFunnel = await adminFunnel(c.var.capabilities, advertiserId === undefined ? {} : { advertiserId });
    return c.json(body);
  });
