import type { ApiRates, PaidApi } from "./api-costs.ts";
import { xPublishedRates } from "./x/api-costs.ts";
import { xRatesSetting } from "./x/api-rates-setting.ts";

/** The networks' own settings, which the one config place (worker/config.ts) reads beside its own variables. */
export const networkSettingFields = { "X_API_RATES?": xRatesSetting } as const;

export type NetworkSettings = {
  /**
   * The network whose API Chorus pays for (X; Bluesky's is free) and its rates in micro-dollars, for the advertisers'
   * estimates and reports: X's published rates unless X_API_RATES says.
   */
  paidApi: PaidApi;
};

export function networkSettingsFrom(values: { X_API_RATES?: ApiRates }): NetworkSettings {
  return { paidApi: { network: "x", rates: values.X_API_RATES ?? xPublishedRates } };
}
