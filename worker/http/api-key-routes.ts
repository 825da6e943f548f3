import { Hono } from "hono";
import { z } from "zod";
import { createApiKeyBodySchema, type ApiKey, type ApiKeyList, type CreatedApiKey } from "../contracts/api-keys.ts";
import { accountApiKeys, createApiKey, revokeAccountApiKey } from "../domain/advertisers/api-keys.ts";
import { requireMembership } from "../domain/advertisers/membership.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { jsonBody, parseInput } from "./validation.ts";

const accountPath = z.object({ advertiserId: z.string().min(1).max(100) });
const keyPath = accountPath.extend({ id: z.string().min(1).max(100) });

/**
 * API keys of an advertiser account for conversion ingestion (docs/decisions/018-conversion-ingestion.md): any member
 * of the account; anyone else gets the same 404 as for an account that does not exist.
 */
export const apiKeyRoutes = new Hono<WorkerEnv>()
  .post("/v1/advertiser/:advertiserId/api-keys", requireBearer, async (c) => {
    const { advertiserId } = parseInput(accountPath, c.req.param(), "path");
    await requireMembership(c.var.capabilities, c.var.session.userId, advertiserId);
    const input = parseInput(createApiKeyBodySchema, await jsonBody(c), "body");
    const created: CreatedApiKey = await createApiKey(c.var.capabilities, advertiserId, c.var.session.userId, input);
    return c.json(created, 201);
  })
  .get("/v1/advertiser/:advertiserId/api-keys", requireBearer, async (c) => {
    const { advertiserId } = parseInput(accountPath, c.req.param(), "path");
    await requireMembership(c.var.capabilities, c.var.session.userId, advertiserId);
    const body: ApiKeyList = { data: await accountApiKeys(c.var.capabilities, advertiserId) };
    return c.json(body);
  })
  .delete("/v1/advertiser/:advertiserId/api-keys/:id", requireBearer, async (c) => {
    const { advertiserId, id } = parseInput(keyPath, c.req.param(), "path");
    await requireMembership(c.var.capabilities, c.var.session.userId, advertiserId);
    const revoked: ApiKey = await revokeAccountApiKey(c.var.capabilities, advertiserId, id);
    return c.json(revoked);
  });
