import type { DpopVerifier } from "./dpop.ts";
import type { WritePointLimiter } from "./rate-limit.ts";
import type { BlueskyAccount, BlueskyState } from "./state.ts";

/** What every handler works with: the state and its persistence, the clock, DPoP checks and the write-point limits. */
export type EmulatorContext = {
  state: BlueskyState;
  save(): Promise<void>;
  now(): number;
  /** The emulator's own origin: the PDS, its authorization server (issuer), the PLC directory and the app view at once. */
  origin(): string;
  dpop: DpopVerifier;
  limiter: WritePointLimiter;
};

/** The handle domain of accounts made here (`.test` is reserved for testing, and atproto accepts it). */
export const HANDLE_DOMAIN = ".bsky.test";

export function findAccount(state: BlueskyState, actor: string): BlueskyAccount | undefined {
  const wanted = actor.toLowerCase().replace(/^@/, "");
  return state.accounts.find((account) => account.did === actor || account.handle === wanted);
}
