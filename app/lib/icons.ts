import type { IconifyJSON } from "@iconify/react";
import { iconEndpointProblem, isValidIconEndpoint } from "@contracts/icon-endpoint.ts";

/**
 * Icons come from the worker's own endpoint (`/icons/{collection}.json?icons=a,b`) unless configuration points at a
 * public Iconify service. SPEC.md section 9: fetch timeout 1500 ms, request timeout 5000 ms, rotate 750 ms, URLs
 * at most 500 characters. A failed or invalid answer is logged and yields no icons; the page goes on without them.
 * Iconify itself loads with the first icon shown (app/components/app-icon.tsx), not with the page.
 */
export const ICON_FETCH_TIMEOUT_MS = 1500;
export const iconCollections = ["lucide"] as const;

function isIconSet(value: unknown, collection: string): value is IconifyJSON {
  return (
    typeof value === "object" &&
    value !== null &&
    "prefix" in value &&
    value.prefix === collection &&
    "icons" in value &&
    typeof value.icons === "object" &&
    value.icons !== null
  );
}

export async function fetchIcons(endpoint: string, collection: string, names: string[], fetcher: typeof fetch): Promise<IconifyJSON> {
  const empty: IconifyJSON = { prefix: collection, icons: {} };
  try {
    const url = `${endpoint.replace(/\/+$/, "")}/${collection}.json?icons=${names.map(encodeURIComponent).join(",")}`;
    const response = await fetcher(url, { signal: AbortSignal.timeout(ICON_FETCH_TIMEOUT_MS) });
    const data: unknown = response.ok ? await response.json() : null;
    if (isIconSet(data, collection)) return data;
  } catch {
    // Reported below like an invalid answer.
  }
  console.warn("Failed to load custom icons");
  return empty;
}

let configuredEndpoint: string | null = null;

/** SPEC.md section 8: an invalid icon provider configuration is logged as a console error, and no provider is set. */
export function configureIcons(endpoint: string): void {
  if (configuredEndpoint === endpoint) return;
  configuredEndpoint = endpoint;
  if (!isValidIconEndpoint(endpoint)) {
    console.error(`Invalid icon provider configuration: the icon endpoint ${iconEndpointProblem(endpoint)}. Icons will not load.`);
  }
}

/** The configured endpoint when it is valid: the one Iconify is given once it loads. */
export function validIconEndpoint(): string | null {
  return configuredEndpoint !== null && isValidIconEndpoint(configuredEndpoint) ? configuredEndpoint : null;
}
