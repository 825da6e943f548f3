import { Hono } from "hono";
import { createCampaignInvitationInputSchema } from "../contracts/campaign-invitations.ts";
import { createCampaignInvitation, listCampaignInvitations, revokeCampaignInvitation } from "../domain/campaigns/invitations.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { jsonBody, parseInput } from "./validation.ts";

/**
 * A campaign's invitations, for members of the account that owns it (docs/decisions/020-funding-and-invitations.md).
 * Membership is checked in the use cases; anyone else gets 404.
 */
export const campaignInvitationRoutes = new Hono<WorkerEnv>()
  .post("/v1/advertiser/:advertiserId/campaigns/:campaignId/invitations", requireBearer, async (c) => {
    const input = parseInput(createCampaignInvitationInputSchema, await jsonBody(c, { whenEmpty: {} }), "body");
    const created = await createCampaignInvitation(
      c.var.capabilities,
      c.var.session.userId,
      c.req.param("advertiserId"),
      c.req.param("campaignId"),
      input,
      new URL(c.req.url).origin,
    );
    return c.json(created, 201);
  })
  .get("/v1/advertiser/:advertiserId/campaigns/:campaignId/invitations", requireBearer, async (c) =>
    c.json(
      await listCampaignInvitations(
        c.var.capabilities,
        c.var.session.userId,
        c.req.param("advertiserId"),
        c.req.param("campaignId"),
        new URL(c.req.url).origin,
      ),
    ),
  )
  .delete("/v1/advertiser/:advertiserId/campaigns/:campaignId/invitations/:invitationId", requireBearer, async (c) =>
    c.json(
      await revokeCampaignInvitation(
        c.var.capabilities,
        c.var.session.userId,
        c.req.param("advertiserId"),
        c.req.param("campaignId"),
        c.req.param("invitationId"),
      ),
    ),
  );
