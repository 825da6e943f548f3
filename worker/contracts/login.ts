import { z } from "zod/mini";

/** Query values are kept only when non-empty (SPEC.md section 5); long values are refused, not truncated. */
const value = z.pipe(
  z.optional(z.string().check(z.maxLength(2048, "must be at most 2048 characters"))),
  z.transform((text) => (text === undefined || text.trim() === "" ? undefined : text.trim())),
);

const redirectValues = { afterLoginRedirectUrl: value, onCancelLoginRedirectUrl: value };

/** Where in the app a sign-in started, as both the login and the callback accept them. */
const signInContextValues = {
  deviceId: value,
  trigger: value,
  domainType: value,
  partnerName: value,
  campaignId: value,
  campaignIndex: value,
  referrer: value,
  page_path: value,
};

export const attributionFields = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

/**
 * `GET /auth/{network}/read/login` (SPEC.md section 7 names X's, `/auth/twitter/read/login`). `invitationId` is accepted as a spelling of `invite_id`; the
 * browser also sends the first-touch values it kept (`first_utm_*`).
 */
const readLoginFields = {
  ...redirectValues,
  ...signInContextValues,
  utm_source: value,
  utm_medium: value,
  utm_campaign: value,
  utm_term: value,
  utm_content: value,
  // First touch as the browser kept it (SPEC.md section 3): stored when the user has none yet.
  first_utm_source: value,
  first_utm_medium: value,
  first_utm_campaign: value,
  first_utm_term: value,
  first_utm_content: value,
  invite_id: value,
  invitationId: value,
};

export const readLoginQuerySchema = z.pipe(
  z.object(readLoginFields),
  z.transform(({ invitationId, ...rest }) => ({ ...rest, invite_id: rest.invite_id ?? invitationId })),
);

/** `GET /auth/{network}/write/login` (SPEC.md names X's): grants Chorus the right to post for the creator. */
export const writeLoginQuerySchema = z.object({
  ...redirectValues,
  page_path: value,
  trigger: value,
  modal_to_open: value,
});

/**
 * The handle a person typed, for a network that finds the account's server from it (its accounts' `asksForHandle`):
 * required there, ignored elsewhere.
 */
export function handleQuerySchema(example: string) {
  return z.object({
    handle: z
      .string({ error: "handle is required" })
      .check(
        z.trim(),
        z.minLength(1, "handle is required"),
        z.maxLength(253, "must be at most 253 characters"),
        z.regex(/^@?[a-zA-Z0-9.-]+$/, `must be a handle such as ${example}`),
      ),
  });
}

/** `GET /auth/{network}/link/login`: a signed-in user links an account on another network. */
export const linkQuerySchema = z.object(redirectValues);

/** `GET /auth/{network}/advertiser/login` (SPEC.md names X's, `/auth/twitter/advertiser/login`). */
export const advertiserLoginQuerySchema = z.object(redirectValues);

/** `link`: a signed-in user adds an account on another network (docs/decisions/042-bluesky.md). */
export const loginFlows = ["read", "write", "advertiser", "link"] as const;
export type LoginFlow = (typeof loginFlows)[number];

/** Everything a login may carry through the network and back, whichever flow started it. */
export const loginParamsSchema = z.object({
  afterLoginRedirectUrl: z.optional(z.string()),
  onCancelLoginRedirectUrl: z.optional(z.string()),
  deviceId: z.optional(z.string()),
  trigger: z.optional(z.string()),
  domainType: z.optional(z.string()),
  partnerName: z.optional(z.string()),
  campaignId: z.optional(z.string()),
  campaignIndex: z.optional(z.string()),
  referrer: z.optional(z.string()),
  page_path: z.optional(z.string()),
  utm_source: z.optional(z.string()),
  utm_medium: z.optional(z.string()),
  utm_campaign: z.optional(z.string()),
  utm_term: z.optional(z.string()),
  utm_content: z.optional(z.string()),
  first_utm_source: z.optional(z.string()),
  first_utm_medium: z.optional(z.string()),
  first_utm_campaign: z.optional(z.string()),
  first_utm_term: z.optional(z.string()),
  first_utm_content: z.optional(z.string()),
  invite_id: z.optional(z.string()),
  modal_to_open: z.optional(z.string()),
});
export type LoginParams = z.infer<typeof loginParamsSchema>;

/**
 * The most a sign-in may carry through the network and back, as stored JSON: the app's own links carry a few hundred bytes, so
 * 4 KB is only ever reached by a crafted link (each value alone may be 2048 characters; all of them together 47 KB).
 */
export const MAX_LOGIN_VALUES_BYTES = 4 * 1024;

/** `GET /auth/{network}/callback` (SPEC.md names X's): `state` is required; the rest as the network or the login sent them. */
export const callbackQuerySchema = z.object({
  state: z.string({ error: "state is required" }).check(z.minLength(1, "state is required"), z.maxLength(512)),
  code: value,
  error: value,
  error_description: value,
  ...signInContextValues,
  user_id: value,
  modal_to_open: value,
});
