/**
 * The tracker's names and limits (docs/decisions/022-analytics-and-telemetry.md), apart from the endpoint's arktype
 * shapes in analytics.ts (which re-exports these): the browser imports this module, so its first load carries no
 * schema library for the tracker.
 */

export const ANALYTICS_EVENTS_PATH = "/v1/events";
/** Events per batch, and the body limit of one batch (100 events with full properties fit). */
export const MAX_ANALYTICS_EVENTS_PER_BATCH = 100;
export const ANALYTICS_BODY_LIMIT_BYTES = 128 * 1024;
/** The tracker waits this long before it handles a call (SPEC.md section 9 "Analytics deferral"). */
export const ANALYTICS_DEFERRAL_MS = 2500;

/** The attribution values the browser keeps (SPEC.md section 3): last touch, first touch (`first_`), the invitation. */
export const utmFields = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
export const firstTouchFields = [
  "first_utm_source",
  "first_utm_medium",
  "first_utm_campaign",
  "first_utm_term",
  "first_utm_content",
] as const;
export type UtmField = (typeof utmFields)[number];
export type FirstTouchField = (typeof firstTouchFields)[number];
export type Attribution = Partial<Record<UtmField | FirstTouchField | "invite_id", string>>;

/** Event names the product itself sends (click-tracked elements may name others). */
export const trackedEventNames = {
  landingViewed: "landing_viewed",
  signInClicked: "sign_in_clicked",
  campaignJoined: "campaign_joined",
  siteRedirected: "user_site_redirected",
  userPropertiesSet: "user_properties_set",
  userPropertiesSetOnce: "user_properties_set_once",
} as const;

/** The three steps of the funnel, counted in distinct devices. */
export const funnelSteps = [trackedEventNames.landingViewed, trackedEventNames.signInClicked, trackedEventNames.campaignJoined] as const;
