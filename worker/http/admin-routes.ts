import { Hono } from "hono";
import { createAdvertiserInputSchema, createMemberInvitationInputSchema } from "../contracts/advertisers.ts";
import { AppError } from "../contracts/errors.ts";
import { partnerInputSchema } from "../contracts/partners.ts";
import { createAdvertiserAccount } from "../domain/advertisers/accounts.ts";
import { createInvitationAsAdmin } from "../domain/advertisers/invitations.ts";
import { savePartner } from "../domain/brands/save-partner.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import { requireRole } from "../middleware/require-role.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { jsonBody, parseInput } from "./validation.ts";

/**
 * Admin: registers partners and their domains (a change is visible at once on every hostname it touches), creates
 * advertiser accounts and invites their first member.
 */
export const adminRoutes = new Hono<WorkerEnv>()
  .post("/v1/admin/advertisers", requireBearer, requireRole("admin"), async (c) => {
    const input = parseInput(createAdvertiserInputSchema, await jsonBody(c), "body");
    return c.json(await createAdvertiserAccount(c.var.capabilities, input), 201);
  })
  .post("/v1/admin/advertisers/:advertiserId/invitations", requireBearer, requireRole("admin"), async (c) => {
    const input = parseInput(createMemberInvitationInputSchema, await jsonBody(c, { whenEmpty: {} }), "body");
    const origin = new URL(c.req.url).origin;
    return c.json(await createInvitationAsAdmin(c.var.capabilities, c.var.session.userId, c.req.param("advertiserId"), input, origin), 201);
  })
  .put("/v1/admin/partners/:partnerId", requireBearer, requireRole("admin"), async (c) => {
    const partnerId = c.req.param("partnerId");
    if (!/^[a-z0-9-]{2,64}$/.test(partnerId)) {
      throw new AppError(400, "invalid_request", "partnerId must be 2 to 64 lowercase letters, digits or dashes", [
        { loc: ["path", "partnerId"], msg: "must be 2 to 64 lowercase letters, digits or dashes" },
      ]);
    }
    const input = parseInput(partnerInputSchema, await jsonBody(c), "body");
    const { created } = await savePartner(c.var.capabilities, partnerId, input);
    return c.json({ id: partnerId, ...input }, created ? 201 : 200);
  });
