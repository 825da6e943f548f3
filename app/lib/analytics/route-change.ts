import { pathForLogs } from "@contracts/admin-spoofing.ts";
import { trackedEventNames } from "@contracts/analytics-names.ts";
import type { EventProperties } from "./batch";

/**
 * `user_site_redirected` (SPEC.md section 5) for a client-side route change, or null when the pathname stayed the
 * same (a query or hash change) or there was no page before.
 */
export function routeChangeEvent(
  previousPath: string | null,
  destinationPath: string,
  trigger: string | null,
): { name: string; properties: EventProperties } | null {
  if (previousPath === null || previousPath === destinationPath) return null;
  return {
    name: trackedEventNames.siteRedirected,
    properties: { trigger, destination_path: pathForLogs(destinationPath), previous_page_path: pathForLogs(previousPath) },
  };
}
