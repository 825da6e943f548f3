import { attributionFields } from "../../worker/contracts/login.ts";

/**
 * The read-login URL for a page: where to come back to, and the attribution values of the page's own query string
 * (utm values and the invitation id). Only non-empty values are kept.
 */
export function readLoginHref(options: {
  afterLoginRedirectUrl: string;
  pageSearch: string;
  extra?: Record<string, string | null | undefined>;
}): string {
  const page = new URLSearchParams(options.pageSearch);
  const query = new URLSearchParams({ afterLoginRedirectUrl: options.afterLoginRedirectUrl });
  for (const field of attributionFields) {
    const value = page.get(field);
    if (value) query.set(field, value);
  }
  const invite = page.get("invite_id") || page.get("invitationId");
  if (invite) query.set("invite_id", invite);
  for (const [key, value] of Object.entries(options.extra ?? {})) {
    if (value) query.set(key, value);
  }
  return `/auth/twitter/read/login?${query}`;
}

export function advertiserLoginHref(afterLoginRedirectUrl: string): string {
  return `/auth/twitter/advertiser/login?${new URLSearchParams({ afterLoginRedirectUrl })}`;
}
