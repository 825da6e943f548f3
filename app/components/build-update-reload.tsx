import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { BUILD_CHECK_INTERVAL_MS, isNewBuildDeployed } from "~/lib/build-check";

/**
 * Checks hourly for a newer deployed build; once one exists, the next navigation becomes a full page load, so the
 * visitor moves to the new code at a moment they chose, never in the middle of typing.
 */
export function BuildUpdateReload() {
  const location = useLocation();
  const newBuild = useRef(false);
  const firstLocation = useRef(location.key);

  useEffect(() => {
    const timer = window.setInterval(() => {
      void isNewBuildDeployed(__CHORUS_BUILD_ID__, window.fetch.bind(window), Date.now()).then((deployed) => {
        if (deployed) newBuild.current = true;
      });
    }, BUILD_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (location.key !== firstLocation.current && newBuild.current) window.location.reload();
  }, [location.key]);

  return null;
}
