/**
 * Where and how the payout rail calls the app back when a payout settles (docs/decisions/032-spec-server-items.md
 * section 4): shared by the worker's route, the rail emulator's configuration in scripts/start.ts and the tests.
 */
export const PAYOUT_WEBHOOK_PATH = "/v1/webhooks/payout-rail";

/** `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{raw body}" with PAYOUT_WEBHOOK_SECRET}`. */
export const PAYOUT_SIGNATURE_HEADER = "Payout-Signature";
