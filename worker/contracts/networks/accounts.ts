import type { LoginFlow } from "../login.ts";
import type { Network, NetworkAccounts } from "./rules.ts";
import { blueskyAccounts } from "./bluesky/accounts.ts";
import { xAccounts } from "./x/accounts.ts";

/**
 * Each network's accounts (profile pages, sign-in), by id, without the rest of its rules: what a profile or a sign-in
 * button needs. The rules in ./registry.ts carry the same.
 */
export const networkAccounts: Record<Network, NetworkAccounts> = { x: xAccounts, bluesky: blueskyAccounts };

/** Where a sign-in of `flow` with `network` starts. */
export function signInPath(network: Network, flow: LoginFlow): string {
  return `/auth/${networkAccounts[network].signIn.path}/${flow}/login`;
}

export function callbackPath(network: Network): string {
  return `/auth/${networkAccounts[network].signIn.path}/callback`;
}

/** Where Chorus serves its OAuth client metadata document for a network whose client id is that document's URL. */
export function clientMetadataPath(network: Network): string {
  return `/oauth/${networkAccounts[network].signIn.path}/client-metadata.json`;
}
