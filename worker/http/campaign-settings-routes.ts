import { Hono } from "hono";
import { z } from "zod";
import type { CampaignSettingsUseCases } from "../domain/advertisers/campaign-settings.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { jsonBody, parseInput } from "./validation.ts";

const campaignPath = z.object({ advertiserId: z.string(), campaignId: z.string() });

/**
 * `GET` and `PUT /v1/advertiser/{id}/campaigns/{campaignId}/{segment}`: one kind of a campaign's settings, read and
 * replaced by the account's members (the use cases check it), the body parsed with the kind's contract. Body and rate
 * limits and the audit of impersonated changes are the API's own (write-limits.ts, impersonation.ts).
 */
export function campaignSettingsRoutes<Schema extends z.core.$ZodType, Settings extends object>(
  segment: string,
  inputSchema: Schema,
  useCases: CampaignSettingsUseCases<Settings, z.infer<Schema>>,
): Hono<WorkerEnv> {
  const path = `/v1/advertiser/:advertiserId/campaigns/:campaignId/${segment}`;
  return new Hono<WorkerEnv>()
    .get(path, requireBearer, async (c) => {
      const { advertiserId, campaignId } = parseInput(campaignPath, c.req.param(), "path");
      return c.json(await useCases.get(c.var.capabilities, c.var.session.userId, advertiserId, campaignId));
    })
    .put(path, requireBearer, async (c) => {
      const { advertiserId, campaignId } = parseInput(campaignPath, c.req.param(), "path");
      const input = parseInput(inputSchema, await jsonBody(c), "body");
      return c.json(await useCases.save(c.var.capabilities, c.var.session.userId, advertiserId, campaignId, input));
    });
}
