import { Hono } from "hono";
import { joinBodySchema } from "../contracts/pages.ts";
import { joinCampaign } from "../domain/campaigns/join-campaign.ts";
import { dashboardPage, invitationPage, profilePage } from "../domain/campaigns/pages.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { AppError } from "../contracts/errors.ts";
import { parseInput } from "./validation.ts";

const noStore = { "Cache-Control": "no-store" };

function signedInUser(session: WorkerEnv["Variables"]["session"]): string {
  if (session === null) throw new AppError(401, "unauthenticated", "Sign in to continue");
  return session.userId;
}

/** The page endpoints of SPEC.md section 7: the same data the server-rendered pages show. */
export const pageRoutes = new Hono<WorkerEnv>()
  .get("/v1/page/dashboard", requireBearer, async (c) => {
    const page = await dashboardPage({ db: c.env.DB, clock: c.get("clock") }, signedInUser(c.get("session")));
    return c.json(page, 200, noStore);
  })
  .get("/v1/page/profile", requireBearer, async (c) => {
    const page = await profilePage({ db: c.env.DB, clock: c.get("clock") }, signedInUser(c.get("session")));
    return c.json(page, 200, noStore);
  })
  .get("/v1/page/invitation/token/:publicToken", async (c) => {
    const token = c.req.param("publicToken");
    if (!/^[\w-]{1,200}$/.test(token)) {
      throw new AppError(400, "invalid_request", "publicToken is not a valid invitation token", [
        { loc: ["path", "publicToken"], msg: "letters, digits, - and _ only" },
      ]);
    }
    return c.json(await invitationPage({ db: c.env.DB, clock: c.get("clock") }, token), 200, noStore);
  })
  .post("/v1/page/campaign/:campaignId/join", requireBearer, async (c) => {
    const text = await c.req.text();
    const body = parseInput(joinBodySchema, text.trim() === "" ? {} : safeJson(text), "body");
    const result = await joinCampaign(
      { db: c.env.DB, clock: c.get("clock") },
      { userId: signedInUser(c.get("session")), campaignId: c.req.param("campaignId"), invitationId: body.invitationId },
    );
    return c.json(result, result.alreadyJoined ? 200 : 201, noStore);
  });

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, "invalid_request", "The body must be JSON", [{ loc: ["body"], msg: "must be JSON" }]);
  }
}
