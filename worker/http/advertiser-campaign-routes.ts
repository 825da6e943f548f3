import { Hono } from "hono";
import { campaignInputSchema } from "../contracts/advertiser-campaigns.ts";
import { AppError } from "../contracts/errors.ts";
import { MAX_ATTACHMENT_BYTES } from "../contracts/posts.ts";
import {
  createCampaignDraft,
  getConsoleCampaign,
  listConsoleCampaigns,
  publishCampaign,
  readCampaignImage,
  rotatePreviewToken,
  updateConsoleCampaign,
  uploadCampaignImage,
} from "../domain/campaigns/console.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { jsonBody, parseInput } from "./validation.ts";

/**
 * Campaigns in the advertiser console (docs/decisions/019-advertiser-console.md). Every call authorizes by membership
 * of the account in the path (in the use cases); the image route is public, as the campaign page shows the image.
 */
export const advertiserCampaignRoutes = new Hono<WorkerEnv>()
  .get("/v1/advertiser/:advertiserId/campaigns", requireBearer, async (c) =>
    c.json(await listConsoleCampaigns(c.var.capabilities, c.var.session.userId, c.req.param("advertiserId"))),
  )
  .post("/v1/advertiser/:advertiserId/campaigns", requireBearer, async (c) => {
    const input = parseInput(campaignInputSchema, await jsonBody(c), "body");
    return c.json(await createCampaignDraft(c.var.capabilities, c.var.session.userId, c.req.param("advertiserId"), input), 201);
  })
  .get("/v1/advertiser/:advertiserId/campaigns/:campaignId", requireBearer, async (c) =>
    c.json(await getConsoleCampaign(c.var.capabilities, c.var.session.userId, c.req.param("advertiserId"), c.req.param("campaignId"))),
  )
  .put("/v1/advertiser/:advertiserId/campaigns/:campaignId", requireBearer, async (c) => {
    const input = parseInput(campaignInputSchema, await jsonBody(c), "body");
    const { advertiserId, campaignId } = c.req.param();
    return c.json(await updateConsoleCampaign(c.var.capabilities, c.var.session.userId, advertiserId, campaignId, input));
  })
  .post("/v1/advertiser/:advertiserId/campaigns/:campaignId/publish", requireBearer, async (c) => {
    const { advertiserId, campaignId } = c.req.param();
    return c.json(await publishCampaign(c.var.capabilities, c.var.session.userId, advertiserId, campaignId));
  })
  .post("/v1/advertiser/:advertiserId/campaigns/:campaignId/preview-token", requireBearer, async (c) => {
    const { advertiserId, campaignId } = c.req.param();
    return c.json(await rotatePreviewToken(c.var.capabilities, c.var.session.userId, advertiserId, campaignId));
  })
  .post("/v1/advertiser/:advertiserId/campaigns/:campaignId/image", requireBearer, async (c) => {
    const length = Number(c.req.header("content-length") ?? "");
    if (Number.isFinite(length) && length > MAX_ATTACHMENT_BYTES) {
      throw new AppError(413, "attachment_too_large", "The image is too large.", [{ loc: ["body"], msg: "is too large" }]);
    }
    const { advertiserId, campaignId } = c.req.param();
    const bytes = await c.req.arrayBuffer();
    return c.json(await uploadCampaignImage(c.var.capabilities, c.var.session.userId, advertiserId, campaignId, bytes));
  })
  .get("/v1/campaign-images/:campaignId/:imageId", async (c) => {
    const image = await readCampaignImage(c.var.capabilities, c.req.param("campaignId"), c.req.param("imageId"));
    return c.body(image.body, 200, {
      "Content-Type": image.contentType,
      "Cache-Control": "public, max-age=86400, immutable",
      "X-Content-Type-Options": "nosniff",
    });
  });
