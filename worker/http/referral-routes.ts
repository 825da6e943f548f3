import { Hono } from "hono";
import { isbot } from "isbot";
import type { ReferralLink, ReferralSettings } from "../contracts/referrals.ts";
import { REFERRAL_CODE, referralSettingsInputSchema } from "../contracts/referrals.ts";
import { rememberCreatorDevice } from "../domain/referrals/creator-devices.ts";
import { referralLinkOf } from "../domain/referrals/links.ts";
import { getReferralSettings, updateReferralSettings } from "../domain/referrals/settings.ts";
import { visitReferralLink } from "../domain/referrals/visit.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { jsonBody, parseInput } from "./validation.ts";

/**
 * Referral links (docs/decisions/043-referral-links.md): `GET /r/{code}` sends a visitor on to the campaign's
 * destination with a click id, on the app's hosts and on partners' (the whitelist guard runs first); a code that is
 * not a link falls through to the pages' 404. `GET /v1/campaign/{id}/referral-link` is the joined creator's link;
 * `…/advertiser/{id}/campaigns/{campaignId}/referrals` the account's settings for the campaign's links.
 */
/** What a browser says of itself, the same for a click and for the creator's own signed-in requests. */
const deviceOf = (userAgent: string | undefined, languages: string | undefined) => `${userAgent ?? ""}|${languages ?? ""}`;

export const referralRoutes = new Hono<WorkerEnv>()
  .get("/r/:code", async (c, next) => {
    const code = c.req.param("code");
    if (!REFERRAL_CODE.test(code)) return next();
    const address = c.req.header("cf-connecting-ip") ?? "unknown";
    const userAgent = c.req.header("user-agent") ?? "";
    const { success } = await c.env.CLICK_RATE_LIMITER.limit({ key: `${address}:${code}` });
    const outcome = await visitReferralLink(c.var.capabilities, {
      code,
      url: new URL(c.req.url),
      referrer: c.req.header("referer") ?? null,
      address,
      device: deviceOf(c.req.header("user-agent"), c.req.header("accept-language")),
      withinRateLimit: success,
      automated: isbot(userAgent),
    });
    if (outcome === null) return next();
    c.header("Cache-Control", "no-store");
    return c.redirect(outcome.location, 302);
  })
  .get("/v1/campaign/:campaignId/referral-link", requireBearer, async (c) => {
    const body: ReferralLink = await referralLinkOf(
      c.var.capabilities,
      c.var.session.userId,
      c.req.param("campaignId"),
      new URL(c.req.url).origin,
    );
    // The creator's own device, signed in: a click from it on their link is self-referral (047).
    await rememberCreatorDevice(
      c.var.capabilities,
      c.var.session.userId,
      deviceOf(c.req.header("user-agent"), c.req.header("accept-language")),
    );
    return c.json(body);
  })
  .get("/v1/advertiser/:advertiserId/campaigns/:campaignId/referrals", requireBearer, async (c) => {
    const body: ReferralSettings = await getReferralSettings(
      c.var.capabilities,
      c.var.session.userId,
      c.req.param("advertiserId"),
      c.req.param("campaignId"),
    );
    return c.json(body);
  })
  .put("/v1/advertiser/:advertiserId/campaigns/:campaignId/referrals", requireBearer, async (c) => {
    const input = parseInput(referralSettingsInputSchema, await jsonBody(c), "body");
    const body: ReferralSettings = await updateReferralSettings(
      c.var.capabilities,
      c.var.session.userId,
      c.req.param("advertiserId"),
      c.req.param("campaignId"),
      input,
    );
    return c.json(body);
  });
