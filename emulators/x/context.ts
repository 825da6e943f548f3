import type { RegisteredClient } from "./client.ts";
import type { RateLimiter } from "./rate-limit.ts";
import type { XAccount, XState } from "./state.ts";

/** What every handler works with: the state and its persistence, the clock, the registered client. */
export type EmulatorContext = {
  state: XState;
  save(): Promise<void>;
  now(): number;
  client: RegisteredClient;
  /** An app-only bearer token (X's "Bearer Token" from the developer portal), if one is configured. */
  appBearerToken: string | undefined;
  limiter: RateLimiter;
  /** The emulator's own origin, for links it hands out (profile images). */
  origin(): string;
};

export function findAccountByUsername(state: XState, username: string): XAccount | undefined {
  const wanted = username.toLowerCase();
  return state.accounts.find((account) => account.username.toLowerCase() === wanted);
}

export function profileImageUrl(context: EmulatorContext, account: XAccount): string {
  return `${context.origin()}/emulator/avatars/${account.id}_normal.svg`;
}
