import { randomBytes } from "node:crypto";
import type { XState } from "./state.ts";

/** X's snowflake epoch (2010-11-04T01:42:54.657Z). */
const TWITTER_EPOCH = 1288834974657n;

/**
 * A snowflake id like X's: milliseconds since X's epoch in the high bits, then 22 bits of sequence. Post ids then
 * look and sort like real ones (numeric strings, 18–19 digits, growing with time).
 */
export function nextSnowflake(state: XState, now: number): string {
  state.sequence += 1;
  const sequence = BigInt(state.sequence % 4_194_304);
  const elapsed = BigInt(Math.max(0, Math.floor(now))) - TWITTER_EPOCH;
  return ((elapsed > 0n ? elapsed : 0n) * 4_194_304n + sequence).toString();
}

/** An opaque credential (authorization code, access or refresh token). */
export function randomToken(): string {
  return randomBytes(48).toString("base64url");
}
