import type { AppConfig } from "../../config.ts";
import { rewardCurrencies, type AdvertiserCampaignPage } from "../../contracts/advertiser-campaigns.ts";

/** What the campaign form offers besides the campaign, new or edited: the reward currencies and the paid network's API rates. */
export function campaignFormChoices(
  config: Pick<AppConfig, "paidApi">,
  now: number,
): Pick<AdvertiserCampaignPage, "currencies" | "paidApi" | "now"> {
  return { currencies: [...rewardCurrencies], paidApi: config.paidApi, now };
}
