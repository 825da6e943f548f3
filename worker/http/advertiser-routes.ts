import { Hono } from "hono";
import { createMemberInvitationInputSchema } from "../contracts/advertisers.ts";
import { listAdvertiserAccounts, listAdvertiserMembers, removeAdvertiserMember } from "../domain/advertisers/accounts.ts";
import {
  acceptInvitation,
  createInvitationAsMember,
  listPendingInvitations,
  previewMemberInvitation,
  revokeInvitation,
} from "../domain/advertisers/invitations.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { jsonBody, parseInput } from "./validation.ts";

/**
 * Advertiser accounts for their members (docs/decisions/017-advertiser-accounts.md). Every call on an account
 * authorizes by membership of that account (`requireMembership` in the use cases), never by the advertiser role.
 */
export const advertiserRoutes = new Hono<WorkerEnv>()
  .get("/v1/advertiser/accounts", requireBearer, async (c) =>
    c.json(await listAdvertiserAccounts(c.var.capabilities, c.var.session.userId)),
  )
  // No bearer: the link is shown to someone who may not be signed in yet.
  .get("/v1/advertiser/invitations/:token", async (c) => c.json(await previewMemberInvitation(c.var.capabilities, c.req.param("token"))))
  .post("/v1/advertiser/invitations/:token/accept", requireBearer, async (c) =>
    c.json(await acceptInvitation(c.var.capabilities, c.var.session.userId, c.req.param("token"))),
  )
  .post("/v1/advertiser/:advertiserId/invitations", requireBearer, async (c) => {
    const input = parseInput(createMemberInvitationInputSchema, await jsonBody(c, { whenEmpty: {} }), "body");
    const origin = new URL(c.req.url).origin;
    return c.json(
      await createInvitationAsMember(c.var.capabilities, c.var.session.userId, c.req.param("advertiserId"), input, origin),
      201,
    );
  })
  .get("/v1/advertiser/:advertiserId/invitations", requireBearer, async (c) =>
    c.json(await listPendingInvitations(c.var.capabilities, c.var.session.userId, c.req.param("advertiserId"))),
  )
  .delete("/v1/advertiser/:advertiserId/invitations/:invitationId", requireBearer, async (c) => {
    await revokeInvitation(c.var.capabilities, c.var.session.userId, c.req.param("advertiserId"), c.req.param("invitationId"));
    return c.json({ revoked: true as const });
  })
  .get("/v1/advertiser/:advertiserId/members", requireBearer, async (c) =>
    c.json(await listAdvertiserMembers(c.var.capabilities, c.var.session.userId, c.req.param("advertiserId"))),
  )
  .delete("/v1/advertiser/:advertiserId/members/:userId", requireBearer, async (c) => {
    await removeAdvertiserMember(c.var.capabilities, c.var.session.userId, c.req.param("advertiserId"), c.req.param("userId"));
    return c.json({ removed: true as const });
  });
