import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { rememberAttribution } from "~/lib/analytics/attribution";
import { lastClickTrigger, listenForTrackedClicks } from "~/lib/analytics/click-tracking";
import { currentConsent, subscribeConsent } from "~/lib/analytics/consent";
import { browserTrackerHost, track } from "~/lib/analytics/global-tracker";
import { useTrackerLoaded } from "~/lib/analytics/hooks";
import { routeChangeEvent } from "~/lib/analytics/route-change";
import { useRootData } from "~/lib/root-data";

/**
 * Mounted once by the root. Keeps the attribution of every page (whatever the consent), loads the tracker while
 * consent is `allow-all` and removes it on any other choice, tracks clicks and route changes, and identifies the
 * signed-in user to the tracker.
 */
export function AnalyticsTracker(): null {
  const location = useLocation();
  const userId = useRootData()?.currentUser?.userId ?? null;
  const loaded = useTrackerLoaded();
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    rememberAttribution(location.search, window.localStorage);
  }, [location.search]);

  useEffect(() => {
    const host = browserTrackerHost();
    host.applyConsent(currentConsent());
    return subscribeConsent((consent) => host.applyConsent(consent));
  }, []);

  useEffect(() => listenForTrackedClicks(document), []);

  useEffect(() => {
    const event = routeChangeEvent(previousPath.current, location.pathname, lastClickTrigger());
    previousPath.current = location.pathname;
    if (event !== null) track(event.name, event.properties);
  }, [location.pathname]);

  useEffect(() => {
    if (loaded && userId !== null) window.chorusTracker?.identify(userId);
  }, [loaded, userId]);

  return null;
}
