import { Hono } from "hono";
import { AppError } from "../contracts/errors.ts";
import { partnerInputSchema } from "../contracts/partners.ts";
import { savePartner } from "../domain/brands/save-partner.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import { requireRole } from "../middleware/require-role.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { jsonBody, parseInput } from "./validation.ts";

/** Admin: registers partners and their domains. A change is visible at once on every hostname it touches. */
export const adminRoutes = new Hono<WorkerEnv>().put("/v1/admin/partners/:partnerId", requireBearer, requireRole("admin"), async (c) => {
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
