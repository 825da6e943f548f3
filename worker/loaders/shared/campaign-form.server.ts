import type { AppConfig } from "../../config.ts";
import { rewardCurrencies, type AdvertiserCampaignPage } from "../../contracts/advertiser-campaigns.ts";

/** What the campaign form offers besides the campaign, new or edited: the reward currencies and X's API rates. */
export function campaignFormChoices(
  config: Pick<AppConfig, "xApiRates">,
  now: number,
): Pick<AdvertiserCampaignPage, "currencies" | "xApiRates" | "now"> {
  return { currencies: [...rewardCurrencies], xApiRates: config.xApiRates, now };
}
