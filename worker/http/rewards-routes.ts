import { Hono } from "hono";
import { z } from "zod";
import type { PayoutConfirmationAnswer } from "../contracts/pages.ts";
import { balancesOf } from "../domain/ledger/balances.ts";
import { confirmPayout } from "../domain/rewards/claims.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import { refuseWhileImpersonating } from "../middleware/impersonation.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { parseInput } from "./validation.ts";

const campaignPathSchema = z.object({ campaignId: z.string().min(1).max(200) });

/**
 * Rewards for the signed-in creator: confirming payout for a campaign (claims its eligible posts) and the balance
 * per currency, read from the ledger. Amounts are integers in the currency's smallest unit (`decimals` says where
 * the point goes).
 */
export const rewardsRoutes = new Hono<WorkerEnv>()
  .post("/v1/action/payout/confirm/:campaignId", requireBearer, refuseWhileImpersonating("confirm payouts"), async (c) => {
    const { campaignId } = parseInput(campaignPathSchema, c.req.param(), "path");
    const confirmation = await confirmPayout(c.var.capabilities, c.var.session.userId, campaignId);
    return c.json({
      campaignId: confirmation.campaignId,
      claimed: confirmation.claimedPostIds.length,
      postIds: confirmation.claimedPostIds,
    } satisfies PayoutConfirmationAnswer);
  })
  .get("/v1/balance", requireBearer, async (c) => {
    return c.json({ balances: await balancesOf(c.var.capabilities.db, c.var.session.userId) });
  });
