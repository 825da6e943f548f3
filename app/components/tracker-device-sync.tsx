import { useEffect } from "react";
import { useLocation } from "react-router";
import { rememberTrackerDeviceId } from "~/lib/tracker-device";

/** Keeps the `vtid` of any page as this browser's tracker device id. */
export function TrackerDeviceSync() {
  const location = useLocation();
  useEffect(() => {
    rememberTrackerDeviceId(location.search, window.localStorage);
  }, [location.search]);
  return null;
}
