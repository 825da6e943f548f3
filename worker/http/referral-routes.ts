import { Hono } from "hono";
import { isbot } from "isbot";
import type { ReferralLink } from "../contracts/referrals.ts";
import { REFERRAL_CODE, referralSettingsInputSchema } from "../contracts/referrals.ts";
import { sessionFromCookieForReads } from "../domain/accounts/sessions.ts";
import { referralLinkOf } from "../domain/referrals/links.ts";
import { referralSettings } from "../domain/referrals/settings.ts";
import { visitReferralLink } from "../domain/referrals/visit.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import { readSessionCookie } from "../middleware/cookies.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { campaignSettingsRoutes } from "./campaign-settings-routes.ts";

/**
 * Referral links (docs/decisions/043-referral-links.md): `GET /r/{code}` sends a visitor on to the campaign's
 * destination with a click id, on the app's hosts and on partners' (the whitelist guard runs first); a code that is
 * not a link falls through to the pages' 404. `GET /v1/campaign/{id}/referral-link` is the joined creator's link;
 * `…/advertiser/{id}/campaigns/{campaignId}/referrals` the account's settings for the campaign's links.
 */
/** What a browser says of itself: a coarse signature, enough to count a flood from one device, not to name a person. */
const deviceOf = (userAgent: string | undefined, languages: string | undefined) => `${userAgent ?? ""}|${languages ?? ""}`;

export const referralRoutes = new Hono<WorkerEnv>()
  .route("/", campaignSettingsRoutes("referrals", referralSettingsInputSchema, referralSettings))
  .get("/r/:code", async (c, next) => {
    const code = c.req.param("code");
    if (!REFERRAL_CODE.test(code)) return next();
    const address = c.req.header("cf-connecting-ip") ?? "unknown";
    const userAgent = c.req.header("user-agent") ?? "";
    const { success } = await c.env.CLICK_RATE_LIMITER.limit({ key: `${address}:${code}` });
    // Who is signed in on this browser, if anyone (the session cookie comes along on a link followed on the app's host):
    // the creator on their own link is self-referral (047). Visitors carry no cookie, so cost no read.
    const cookie = readSessionCookie(c);
    const signedIn = cookie === undefined ? null : await sessionFromCookieForReads(c.var.capabilities, cookie);
    const outcome = await visitReferralLink(c.var.capabilities, {
      code,
      url: new URL(c.req.url),
      referrer: c.req.header("referer") ?? null,
      address,
      device: deviceOf(c.req.header("user-agent"), c.req.header("accept-language")),
      withinRateLimit: success,
      automated: isbot(userAgent),
      signedInUserId: signedIn?.session.userId ?? null,
    });
    if (outcome === null) return next();
    if (outcome.recorded !== null) c.executionCtx.waitUntil(outcome.recorded);
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
    return c.json(body);
  });
