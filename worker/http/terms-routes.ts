import { Hono } from "hono";
import { z } from "zod";
import { termsIdSchema, type CurrentTerms, type TermsAcceptance } from "../contracts/terms.ts";
import { acceptTerms, currentTermsOf } from "../domain/terms/acceptance.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import { refuseWhileImpersonating } from "../middleware/impersonation.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { parseInput } from "./validation.ts";

const pathSchema = z.object({ termsId: termsIdSchema });

/**
 * The terms in force and the signed-in user's acceptance of them (docs/decisions/032-spec-server-items.md section 2):
 * /articles/terms shows Accept while `acceptedAt` is null. Only the user may accept: not an admin acting as them.
 */
export const termsRoutes = new Hono<WorkerEnv>()
  .get("/v1/terms", requireBearer, async (c) => {
    const body: CurrentTerms = await currentTermsOf(c.var.capabilities, c.var.session.userId);
    return c.json(body);
  })
  .post("/v1/terms/:termsId/accept", requireBearer, refuseWhileImpersonating("accept the terms"), async (c) => {
    const { termsId } = parseInput(pathSchema, c.req.param(), "path");
    const body: TermsAcceptance = await acceptTerms(c.var.capabilities, c.var.session.userId, termsId);
    return c.json(body);
  });
