import type { Capabilities } from "../capabilities.ts";
import type { AdvertiserHomePage } from "../contracts/advertisers.ts";
import { listAdvertiserAccounts } from "../domain/advertisers/accounts.ts";

/** `/advertiser`: the advertiser accounts the signed-in person belongs to, with their role in each. */
export function advertiserHomePage(caps: Pick<Capabilities, "db" | "timings">, userId: string): Promise<AdvertiserHomePage> {
  return caps.timings.measure("q-advertiser-home", () => listAdvertiserAccounts(caps, userId));
}
