import type { AnalyticsQueueMessage } from "../../contracts/analytics.ts";

/**
 * One event as archived (a line of an R2 object, docs/decisions/036-events-out-of-d1.md), with its columns already
 * chosen (properties as a JSON object text): what the table `analytics_events` held before migration 0027.
 */
export type AnalyticsEventRow = {
  id: string;
  name: string;
  deviceId: string;
  /** The signed-in user of the batch (the session's, never the body's). */
  userId: string | null;
  pagePath: string;
  referrer: string | null;
  advertiserId: string | null;
  campaignId: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  firstUtmSource: string | null;
  firstUtmMedium: string | null;
  firstUtmCampaign: string | null;
  firstUtmTerm: string | null;
  firstUtmContent: string | null;
  inviteId: string | null;
  properties: string;
  occurredAt: number;
  receivedAt: number;
};

/** The UTC day of an epoch-millisecond time, YYYY-MM-DD: the partition of the archive and the rollups' `day`. */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** What `campaign_id` / `advertiser_id` properties must look like to be stored in their columns (and so count). */
const idLike = /^[A-Za-z0-9_-]{1,64}$/;

/** The funnel's columns take a property only when it looks like an id; it stays among the properties either way. */
function idProperty(properties: Record<string, unknown>, name: string): string | null {
  const value = properties[name];
  return typeof value === "string" && idLike.test(value) ? value : null;
}

/**
 * The rows a queue message stores: one per event, with the batch's device, attribution (last touch, first touch,
 * invitation) and the user the server attached, never a user id the browser sent.
 */
export function eventRowsOf(message: AnalyticsQueueMessage): AnalyticsEventRow[] {
  const attribution = message.attribution ?? {};
  return message.events.map((event) => {
    const properties = event.properties ?? {};
    return {
      id: event.id,
      name: event.name,
      deviceId: message.deviceId,
      userId: message.sessionUserId,
      pagePath: event.pagePath,
      referrer: event.referrer === undefined || event.referrer === "" ? null : event.referrer,
      advertiserId: idProperty(properties, "advertiser_id"),
      campaignId: idProperty(properties, "campaign_id"),
      utmSource: attribution.utm_source ?? null,
      utmMedium: attribution.utm_medium ?? null,
      utmCampaign: attribution.utm_campaign ?? null,
      utmTerm: attribution.utm_term ?? null,
      utmContent: attribution.utm_content ?? null,
      firstUtmSource: attribution.first_utm_source ?? null,
      firstUtmMedium: attribution.first_utm_medium ?? null,
      firstUtmCampaign: attribution.first_utm_campaign ?? null,
      firstUtmTerm: attribution.first_utm_term ?? null,
      firstUtmContent: attribution.first_utm_content ?? null,
      inviteId: attribution.invite_id ?? null,
      properties: JSON.stringify(properties),
      occurredAt: event.occurredAt,
      receivedAt: message.receivedAt,
    };
  });
}
