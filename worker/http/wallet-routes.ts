import { Hono } from "hono";
import { z } from "zod";
import {
  addWalletBodySchema,
  completeVerificationBodySchema,
  startVerificationBodySchema,
  walletIdSchema,
  walletListQuerySchema,
  type Wallet,
  type WalletChallenge,
  type WalletList,
  type WalletTypes,
} from "../contracts/wallets.ts";
import { addWallet, completeVerification, removeWallet, startVerification, userWallets, walletTypes } from "../domain/wallets/wallets.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { jsonBody, parseInput } from "./validation.ts";

const pathSchema = z.object({ walletId: walletIdSchema });

/** The site a request is on: its host names the message to sign, its origin is the message's URI. */
function siteOf(url: string) {
  const { host, origin } = new URL(url);
  return { domain: host, uri: origin };
}

/** The signed-in creator's wallets: types, add, list, remove, and proof of ownership (docs/decisions/014-wallets.md). */
export const walletRoutes = new Hono<WorkerEnv>()
  .get("/v1/wallet/type", requireBearer, (c) => {
    const body: WalletTypes = { data: walletTypes() };
    return c.json(body);
  })
  .get("/v1/wallet", requireBearer, async (c) => {
    const { currency } = parseInput(walletListQuerySchema, c.req.query(), "query");
    const body: WalletList = { data: await userWallets(c.var.capabilities, c.var.session.userId, currency) };
    return c.json(body);
  })
  .post("/v1/wallet", requireBearer, async (c) => {
    const input = parseInput(addWalletBodySchema, await jsonBody(c), "body");
    const wallet: Wallet = await addWallet(c.var.capabilities, c.var.session.userId, input);
    return c.json(wallet, 201);
  })
  .post("/v1/wallet/start-verification", requireBearer, async (c) => {
    const { walletId } = parseInput(startVerificationBodySchema, await jsonBody(c), "body");
    const challenge: WalletChallenge = await startVerification(c.var.capabilities, c.var.session.userId, walletId, siteOf(c.req.url));
    return c.json(challenge);
  })
  .post("/v1/wallet/complete-verification", requireBearer, async (c) => {
    const input = parseInput(completeVerificationBodySchema, await jsonBody(c), "body");
    const wallet: Wallet = await completeVerification(c.var.capabilities, c.var.session.userId, input, siteOf(c.req.url));
    return c.json(wallet);
  })
  .delete("/v1/wallet/:walletId", requireBearer, async (c) => {
    const { walletId } = parseInput(pathSchema, c.req.param(), "path");
    await removeWallet(c.var.capabilities, c.var.session.userId, walletId);
    return c.body(null, 204);
  });
