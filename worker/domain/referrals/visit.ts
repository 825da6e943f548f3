import type { Capabilities } from "../../capabilities.ts";
import { DAY } from "../../clock.ts";
import type { ClickRecord } from "../../contracts/click-record.ts";
import { currentCampaignStatuses } from "../../contracts/vocabulary.ts";
import { countClickSourcesStatement, countReferralClickStatement, findReferralLinkTarget } from "../../db/referral-links.ts";
import { utcDay } from "../analytics/event-rows.ts";
import { keepClick } from "./click-store.ts";
import { fingerprint } from "./fingerprints.ts";
import { newClickId } from "./random-ids.ts";

/** Campaigns whose clicks count: the current ones. A finished campaign's link still leads on. */
const CREDITED_STATUSES: ReadonlySet<string> = new Set(currentCampaignStatuses);
const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
const MAX_UTM_CHARS = 200;

export type ReferralVisit = {
  code: string;
  /** The address visited, for its utm values and its origin (a partner's host keeps the visitor on it). */
  url: URL;
  referrer: string | null;
  address: string;
  /** What the browser says of itself (user agent and languages): a coarse device signature. */
  device: string;
  /** False when this address has spent its click budget for the link: the visit is sent on, but not counted. */
  withinRateLimit: boolean;
  /** A crawler says so in its user agent (X's card preview fetches every link in a post): sent on, not counted. */
  automated: boolean;
  /** The Chorus user signed in on the visiting browser, if any. */
  signedInUserId: string | null;
};

export type VisitOutcome = { location: string; clickId: string | null } | null;

/**
 * A visit through `/r/{code}` (docs/decisions/043-referral-links.md): null for a code no link has (the page's own
 * 404); otherwise where to send the visitor (the campaign's destination with the click id in its parameter, or the
 * campaign's page where the advertiser set none), with the click kept in KV for the attribution window and counted
 * in the link's day row and its device's and address's day rows (the flood signals of 047), side by side. A count that fails is logged: the visitor is sent on all the same.
 */
export async function visitReferralLink(
  caps: Pick<Capabilities, "db" | "clicks" | "clock" | "encryptionKey">,
  visit: ReferralVisit,
): Promise<VisitOutcome> {
  const target = await findReferralLinkTarget(caps.db, visit.code);
  if (target === null) return null;
  const fallback = new URL(`/campaign/${encodeURIComponent(target.campaign_id)}`, visit.url.origin).toString();
  if (!CREDITED_STATUSES.has(target.status) || !visit.withinRateLimit || visit.automated) {
    return { location: target.destination_url ?? fallback, clickId: null };
  }
  const now = caps.clock.now();
  const clickId = newClickId();
  const utm = Object.fromEntries(
    UTM_KEYS.flatMap((key) => {
      const value = visit.url.searchParams.get(key);
      return value === null || value === "" ? [] : [[key, value.slice(0, MAX_UTM_CHARS)]];
    }),
  );
  const record: ClickRecord = {
    clickId,
    campaignId: target.campaign_id,
    advertiserId: target.advertiser_id,
    creatorUserId: target.user_id,
    at: now,
    expiresAt: now + target.attribution_window_days * DAY,
    ...(Object.keys(utm).length === 0 ? {} : { utm }),
    referrer: visit.referrer === null ? null : visit.referrer.slice(0, 500),
    deviceHash: await fingerprint(caps.encryptionKey, "device", visit.device),
    addressHash: await fingerprint(caps.encryptionKey, "address", visit.address),
    ...(visit.signedInUserId === target.user_id ? { byCreator: true } : {}),
  };
  // Kept before the visitor is sent on: a conversion sent the moment they land must find the click.
  await Promise.all([
    keepClick(caps.clicks, record),
    caps.db
      .batch([
        countReferralClickStatement(caps.db, target.campaign_id, target.user_id, utcDay(now)),
        countClickSourcesStatement(caps.db, target.campaign_id, utcDay(now), [
          `device:${record.deviceHash}`,
          `address:${record.addressHash}`,
        ]),
      ])
      .catch((error: unknown) => console.error(`Referral click ${clickId} was kept but not counted`, error)),
  ]);
  let location = fallback;
  if (target.destination_url !== null) {
    const destination = new URL(target.destination_url);
    destination.searchParams.set(target.click_id_param, clickId);
    location = destination.toString();
  }
  return { location, clickId };
}
