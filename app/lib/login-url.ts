import type { BrandLayout } from "@contracts/brand.ts";
import { networkAccounts, signInPath } from "@contracts/networks/accounts.ts";
import type { Network } from "@contracts/networks/rules.ts";
import { loginAttribution } from "./analytics/attribution";

/**
 * Where a read login was started (SPEC.md section 7's `domainType`, `partnerName`, `campaignId`, `campaignIndex` and
 * `trigger`): the kind of domain and the partner whose hostname the page is on, the campaign the page is about, and
 * the button pressed. All known while rendering, so the link carries them before the page is interactive too.
 */
export type ReadLoginContext = {
  /** The button that started the login ("header", "start-page", …). */
  trigger: string;
  /** The brand of the page's hostname (its theme name), null on the core app's domain. */
  partnerName: string | null;
  brandLayout: BrandLayout;
  campaignId?: string | null;
  /** The campaign week the page shows, when one is chosen. */
  campaignWeek?: number | null;
};

/** `core` on the app's own domain, else the layout the partner's domain gets (`partner` or `dedicated`). */
export function domainTypeOf(brandLayout: BrandLayout): string {
  return brandLayout === "default" ? "core" : brandLayout;
}

/** The query values of a read login's context; values not known are left out. */
export function readLoginContextQuery(context: ReadLoginContext): Record<string, string> {
  const query: Record<string, string> = { trigger: context.trigger, domainType: domainTypeOf(context.brandLayout) };
  if (context.partnerName) query.partnerName = context.partnerName;
  if (context.campaignId) query.campaignId = context.campaignId;
  if (context.campaignId && context.campaignWeek !== undefined && context.campaignWeek !== null) {
    query.campaignIndex = String(context.campaignWeek);
  }
  return query;
}

/**
 * The read-login URL of `network` for a page: where to come back to, and the attribution values (last touch `utm_*`, first touch
 * `first_utm_*`, `invite_id`): the ones this browser stored on earlier pages, the page's own query values winning.
 * Without storage (the server's render) only the page's values. Only non-empty values are kept.
 */
export function readLoginHref(options: {
  network: Network;
  afterLoginRedirectUrl: string;
  pageSearch: string;
  storage?: Pick<Storage, "getItem"> | null;
  extra?: Record<string, string | null | undefined>;
}): string {
  const query = new URLSearchParams({ afterLoginRedirectUrl: options.afterLoginRedirectUrl });
  for (const [field, value] of Object.entries(loginAttribution(options.pageSearch, options.storage ?? null))) {
    if (value) query.set(field, value);
  }
  for (const [key, value] of Object.entries(options.extra ?? {})) {
    if (value) query.set(key, value);
  }
  return `${signInPath(options.network, "read")}?${query}`;
}

/**
 * Advertisers sign in with X (SPEC.md section 6's advertiser login), or with the network an invitation names: then
 * with its handle, which a network that asks for the handle first needs.
 */
export function advertiserLoginHref(afterLoginRedirectUrl: string, network: Network = "x", handle: string | null = null): string {
  const query = new URLSearchParams({ afterLoginRedirectUrl });
  if (handle !== null && networkAccounts[network].signIn.asksForHandle) query.set("handle", handle);
  return `${signInPath(network, "advertiser")}?${query}`;
}
