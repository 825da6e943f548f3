import { Hono } from "hono";
import type { CreatedCreatorInvitation, CreatorInvitations } from "../contracts/creator-invitations.ts";
import { creatorInvitationsOf, makeCreatorInvitation } from "../domain/campaigns/creator-invitations.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import type { WorkerEnv } from "../worker-env.ts";

/**
 * A joined creator's invitation link to a campaign and who joined through it (docs/decisions/032-spec-server-items.md
 * section 5). `POST` answers the usable link (201 when made by this call, 200 when it existed), so a retry makes
 * nothing new; the daily limit of new links is the use case's.
 */
export const creatorInvitationRoutes = new Hono<WorkerEnv>()
  .get("/v1/campaign/:campaignId/invitation", requireBearer, async (c) => {
    const body: CreatorInvitations = await creatorInvitationsOf(
      c.var.capabilities,
      c.var.session.userId,
      c.req.param("campaignId"),
      new URL(c.req.url).origin,
    );
    return c.json(body);
  })
  .post("/v1/campaign/:campaignId/invitation", requireBearer, async (c) => {
    const body: CreatedCreatorInvitation = await makeCreatorInvitation(
      c.var.capabilities,
      c.var.session.userId,
      c.req.param("campaignId"),
      new URL(c.req.url).origin,
    );
    return c.json(body, body.created ? 201 : 200);
  });
