import { Hono, type Context } from "hono";
import { z } from "zod";
import { balancesOf } from "../domain/ledger/balances.ts";
import { confirmPayout } from "../domain/rewards/claims.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { AppError } from "../contracts/errors.ts";
import { parseInput } from "./validation.ts";

const noStore = { "Cache-Control": "no-store" };
const campaignPathSchema = z.object({ campaignId: z.string().min(1).max(200) });

function signedInUserId(c: Context<WorkerEnv>): string {
  const session = c.get("session");
  if (session === null) throw new AppError(401, "unauthenticated", "Sign in to continue");
  return session.userId;
}

/**
 * Rewards for the signed-in creator: confirming payout for a campaign (claims its eligible posts) and the balance
 * per currency, read from the ledger. Amounts are integers in the currency's smallest unit (`decimals` says where
 * the point goes).
 */
export const rewardsRoutes = new Hono<WorkerEnv>()
  .post("/v1/action/payout/confirm/:campaignId", requireBearer, async (c) => {
    const { campaignId } = parseInput(campaignPathSchema, c.req.param(), "path");
    const confirmation = await confirmPayout({ db: c.env.DB, clock: c.get("clock") }, signedInUserId(c), campaignId);
    return c.json(
      { campaignId: confirmation.campaignId, claimed: confirmation.claimedPostIds.length, postIds: confirmation.claimedPostIds },
      200,
      noStore,
    );
  })
  .get("/v1/balance", requireBearer, async (c) => {
    const balances = await balancesOf(c.env.DB, signedInUserId(c));
    return c.json({ balances }, 200, noStore);
  });
