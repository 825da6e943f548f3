/** The admin-spoofing link of SPEC.md section 6: `/auth/admin-spoofing/{admin access token}/{secret}?impersonate={user id}`. */
export const ADMIN_SPOOFING_PATH = /^\/auth\/admin-spoofing(\/|$)/;

/** What the confirmation page shows: whom the admin is about to act as, or why the link does not work. */
export type AdminSpoofingPage = { kind: "confirm"; userId: string; handle: string; name: string } | { kind: "refused"; message: string };

/** A path as logs may print it: the spoofing link carries an access token and the spoofing secret, so it never does. */
export function pathForLogs(path: string): string {
  return ADMIN_SPOOFING_PATH.test(path) ? "/auth/admin-spoofing/[redacted]" : path;
}
