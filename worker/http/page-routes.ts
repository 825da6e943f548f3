import { Hono } from "hono";
import { AppError } from "../contracts/errors.ts";
import { joinBodySchema } from "../contracts/pages.ts";
import { joinCampaign } from "../domain/campaigns/join-campaign.ts";
import { dashboardPage } from "../loaders/dashboard.server.ts";
import { invitationPage } from "../loaders/invitation.server.ts";
import { profilePage } from "../loaders/profile.server.ts";
import { requireBearer, requireBearerForReads } from "../middleware/authenticate.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { jsonBody, parseInput } from "./validation.ts";

/** The page endpoints of SPEC.md section 7: the same data the server-rendered pages show. */
export const pageRoutes = new Hono<WorkerEnv>()
  .get("/v1/page/dashboard", requireBearerForReads, async (c) => c.json(await dashboardPage(c.var.capabilities, c.var.session.userId)))
  .get("/v1/page/profile", requireBearerForReads, async (c) => c.json(await profilePage(c.var.capabilities, c.var.session.userId)))
  .get("/v1/page/invitation/token/:publicToken", async (c) => {
    const token = c.req.param("publicToken");
    if (!/^[\w-]{1,200}$/.test(token)) {
      throw new AppError(400, "invalid_request", "publicToken is not a valid invitation token", [
        { loc: ["path", "publicToken"], msg: "letters, digits, - and _ only" },
      ]);
    }
    return c.json(await invitationPage(c.var.capabilities, token));
  })
  .post("/v1/page/campaign/:campaignId/join", requireBearer, async (c) => {
    const body = parseInput(joinBodySchema, await jsonBody(c, { whenEmpty: {} }), "body");
    const result = await joinCampaign(c.var.capabilities, {
      userId: c.var.session.userId,
      campaignId: c.req.param("campaignId"),
      invitationToken: body.invitationToken,
      invitationId: body.invitationId,
    });
    return c.json(result, result.alreadyJoined ? 200 : 201);
  });
