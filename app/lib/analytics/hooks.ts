import { useEffect, useRef, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { trackedEventNames } from "@contracts/analytics-names.ts";
import type { EventProperties } from "./batch";
import { browserTrackerHost, track } from "./global-tracker";

const noSubscription = () => () => undefined;

/** Whether the tracker exists right now (never on the server). */
export function useTrackerLoaded(): boolean {
  return useSyncExternalStore(
    typeof window === "undefined" ? noSubscription : (listener) => browserTrackerHost().subscribe(listener),
    () => browserTrackerHost().current() !== null,
    () => false,
  );
}

/**
 * Sends an event once per view of a page. A visitor who allows analytics only after the page opened (the cookie
 * bar's first visit) still counts: the event leaves as soon as the tracker exists.
 */
export function useTrackView(name: string, properties: Record<string, string | null | undefined>): void {
  const location = useLocation();
  const loaded = useTrackerLoaded();
  const sent = useRef<string | null>(null);
  // A string, so that the effect depends on the values rather than on a new object each render.
  const propertiesJson = JSON.stringify(Object.fromEntries(Object.entries(properties).filter(([, value]) => !!value)));
  useEffect(() => {
    const view = `${location.key} ${propertiesJson}`;
    if (!loaded || sent.current === view) return;
    sent.current = view;
    track(name, JSON.parse(propertiesJson) as EventProperties);
  }, [loaded, name, location.key, propertiesJson]);
}

/** `landing_viewed` for the landing, invitation and campaign-preview pages (the funnel's first step). */
export function useLandingViewed(ids: { advertiserId?: string; campaignId?: string }): void {
  useTrackView(trackedEventNames.landingViewed, { advertiser_id: ids.advertiserId, campaign_id: ids.campaignId });
}
