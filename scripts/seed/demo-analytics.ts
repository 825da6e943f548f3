import { DAY, type Clock } from "../../worker/clock.ts";
import type { AnalyticsEvent, AnalyticsQueueMessage } from "../../worker/contracts/analytics.ts";
import { storeAnalyticsMessages } from "../../worker/domain/analytics/store-events.ts";

/**
 * What the funnel of the advertiser reports shows in the demo (docs/decisions/022-analytics-and-telemetry.md): two
 * weeks of tracker events from anonymous visitors of aurora's and nimbus's landing pages, from two utm campaigns and
 * from nowhere in particular; some sign in from a campaign page and some of those join. Written by the queue
 * consumer's own writer; fixed message ids make a second run add nothing.
 */

const demoAdvertisers = [
  { slug: "aurora", advertiserId: "advertiser-aurora", campaignIds: ["campaign-aurora-launch", "campaign-aurora-summer"] },
  { slug: "nimbus", advertiserId: "advertiser-nimbus", campaignIds: ["campaign-nimbus-backup", "campaign-nimbus-spring"] },
] as const;
const utmCampaigns = ["launch-week", "creator-spotlight", null] as const;
const VISITORS_PER_ADVERTISER = 72;

/** A fixed number in [0, 1) per visitor and question: the same visitor always does the same things. */
function spread(visitor: number, question: number): number {
  return (((visitor + 1) * 2_654_435_761 + question * 40_503) % 1_000_003) / 1_000_003;
}

function visitorMessages(now: number): AnalyticsQueueMessage[] {
  return demoAdvertisers.flatMap((advertiser) =>
    Array.from({ length: VISITORS_PER_ADVERTISER }, (_, visitor): AnalyticsQueueMessage => {
      const deviceId = `demo-${advertiser.slug}-visitor-${visitor}`;
      const utmCampaign = utmCampaigns[visitor % utmCampaigns.length] ?? null;
      const campaignId = advertiser.campaignIds[spread(visitor, 1) < 0.6 ? 0 : 1] ?? advertiser.campaignIds[0];
      // Visitors from a utm campaign sign in more often than the others; about half of those who sign in join.
      const signsIn = spread(visitor, 2) < (utmCampaign === null ? 0.25 : 0.45);
      const joins = signsIn && spread(visitor, 3) < 0.5;
      const arrivedAt = now - 14 * DAY + Math.floor(spread(visitor, 4) * 13 * DAY);
      const events: AnalyticsEvent[] = [];
      const add = (name: string, pagePath: string, properties: Record<string, string>) => {
        events.push({ id: `${deviceId}-${events.length}`, name, occurredAt: arrivedAt + events.length * 45_000, pagePath, properties });
      };
      add("landing_viewed", `/landing/${advertiser.slug}`, { advertiser_id: advertiser.advertiserId });
      add("user_site_redirected", `/campaign/${campaignId}`, {
        trigger: "landing-campaign-card",
        path: `/campaign/${campaignId}`,
        previous_page_path: `/landing/${advertiser.slug}`,
      });
      if (signsIn) add("sign_in_clicked", `/campaign/${campaignId}`, { campaign_id: campaignId, advertiser_id: advertiser.advertiserId });
      if (joins) add("campaign_joined", `/campaign/${campaignId}`, { campaign_id: campaignId, advertiser_id: advertiser.advertiserId });
      return {
        deviceId,
        ...(utmCampaign === null
          ? {}
          : {
              attribution: {
                utm_source: "x",
                utm_medium: "social",
                utm_campaign: utmCampaign,
                first_utm_source: "x",
                first_utm_medium: "social",
                first_utm_campaign: utmCampaign,
              },
            }),
        events,
        sessionUserId: null,
        receivedAt: arrivedAt,
      };
    }),
  );
}

/** Stores the demo events; returns how many this run added (none on a second run). */
export function seedDemoAnalytics(db: D1Database, eventArchive: R2Bucket, clock: Clock): Promise<number> {
  return storeAnalyticsMessages(
    { db, clock, eventArchive },
    visitorMessages(clock.now()).map((body) => ({ id: `demo-${body.deviceId}`, body })),
  );
}
