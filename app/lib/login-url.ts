import { loginAttribution } from "./analytics/attribution";

/**
 * The read-login URL for a page: where to come back to, and the attribution values (last touch `utm_*`, first touch
 * `first_utm_*`, `invite_id`): the ones this browser stored on earlier pages, the page's own query values winning.
 * Without storage (the server's render) only the page's values. Only non-empty values are kept.
 */
export function readLoginHref(options: {
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
  return `/auth/twitter/read/login?${query}`;
}

export function advertiserLoginHref(afterLoginRedirectUrl: string): string {
  return `/auth/twitter/advertiser/login?${new URLSearchParams({ afterLoginRedirectUrl })}`;
}
