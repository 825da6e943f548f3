import type { Capabilities } from "../../capabilities.ts";
import type { ClickRecord } from "../../contracts/click-record.ts";
import { currentCampaignStatuses } from "../../contracts/vocabulary.ts";
import { sealClickId } from "./click-ids.ts";
import { fingerprint } from "./fingerprints.ts";
import { linkTargetsOf } from "./link-targets.ts";

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

export type VisitOutcome = {
  location: string;
  clickId: string | null;
  /** The click put on the referral clicks queue, to be counted (null when the visit is not counted): for waitUntil. */
  recorded: Promise<void> | null;
} | null;

/**
 * A visit through `/r/{code}` (docs/decisions/043-referral-links.md, 050-clicks-off-the-visit-path.md): null for a
 * code no link has (the page's own 404); otherwise where to send the visitor (the campaign's destination with the
 * click id in its parameter, or the campaign's page where the advertiser set none). The click id carries the click
 * (click-ids.ts), so the visitor is sent on without waiting for any write; the click goes on the queue whose consumer
 * counts it in the link's day row and in its device's and address's day rows (the flood signals of 047) and keeps it
 * with its utm values and referrer in the events archive. A click the queue refuses is logged: the visitor is sent
 * on all the same, and the click id still credits a conversion.
 */
export async function visitReferralLink(
  caps: Pick<Capabilities, "db" | "referralClicks" | "clock" | "encryptionKey">,
  visit: ReferralVisit,
): Promise<VisitOutcome> {
  const target = (await linkTargetsOf(caps, [visit.code])).get(visit.code);
  if (target === undefined) return null;
  const fallback = new URL(`/campaign/${encodeURIComponent(target.campaign_id)}`, visit.url.origin).toString();
  if (!CREDITED_STATUSES.has(target.status) || !visit.withinRateLimit || visit.automated) {
    return { location: target.destination_url ?? fallback, clickId: null, recorded: null };
  }
  const now = caps.clock.now();
  const utm = Object.fromEntries(
    UTM_KEYS.flatMap((key) => {
      const value = visit.url.searchParams.get(key);
      return value === null || value === "" ? [] : [[key, value.slice(0, MAX_UTM_CHARS)]];
    }),
  );
  const [deviceHash, addressHash] = await Promise.all([
    fingerprint(caps.encryptionKey, "device", visit.device),
    fingerprint(caps.encryptionKey, "address", visit.address),
  ]);
  const byCreator = visit.signedInUserId === target.user_id;
  const clickId = await sealClickId(caps.encryptionKey, {
    code: target.code,
    at: now,
    attributionWindowDays: target.attribution_window_days,
    byCreator,
    deviceHash,
    addressHash,
  });
  const record: ClickRecord = {
    clickId,
    code: target.code,
    campaignId: target.campaign_id,
    creatorUserId: target.user_id,
    at: now,
    ...(Object.keys(utm).length === 0 ? {} : { utm }),
    referrer: visit.referrer === null ? null : visit.referrer.slice(0, 500),
    deviceHash,
    addressHash,
    ...(byCreator ? { byCreator: true as const } : {}),
  };
  const recorded = caps.referralClicks
    .send(record)
    .then(() => undefined)
    .catch((error: unknown) => console.error(`Referral click ${clickId} was not put on the queue: it will not be counted`, error));
  let location = fallback;
  if (target.destination_url !== null) {
    const destination = new URL(target.destination_url);
    destination.searchParams.set(target.click_id_param, clickId);
    location = destination.toString();
  }
  return { location, clickId, recorded };
}
