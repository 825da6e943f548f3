import { xPublishedRates, type XApiRates } from "./x/api-costs.ts";
import { xApiRatesSetting } from "./x/api-rates-setting.ts";

/** The networks' own settings, which the one config place (worker/config.ts) reads beside its own variables. */
export const networkSettingFields = { "X_API_RATES?": xApiRatesSetting } as const;

export type NetworkSettings = {
  /** What X's API costs (micro-dollars), for the advertisers' estimates; X's published rates unless X_API_RATES says. */
  xApiRates: XApiRates;
};

export function networkSettingsFrom(values: { X_API_RATES?: XApiRates }): NetworkSettings {
  return { xApiRates: values.X_API_RATES ?? xPublishedRates };
}
