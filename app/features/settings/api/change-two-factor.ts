import { browserClients } from "~/lib/api/browser-clients";
import { twoFactorSetupSchema, userSettingsSchema, type TwoFactorSetup, type UserSettings } from "@contracts/settings.ts";
import { useSettingsMutation } from "./settings-mutation";

/** `PUT /v1/user/settings/two-factor` with `enabled: true`: a new secret, its otpauth URI and QR code. */
export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return browserClients().api.put("/v1/user/settings/two-factor", twoFactorSetupSchema, { body: { enabled: true } });
}

/** `PUT /v1/user/settings/two-factor` with `enabled: false`: with a code when it is on (none to drop a set-up). */
export function turnOffTwoFactor(code: string | undefined): Promise<UserSettings> {
  return browserClients().api.put("/v1/user/settings/two-factor", userSettingsSchema, {
    body: code === undefined ? { enabled: false } : { enabled: false, code },
  });
}

export function useStartTwoFactorSetup() {
  return useSettingsMutation(startTwoFactorSetup, (setup) => setup.settings);
}

export function useTurnOffTwoFactor() {
  return useSettingsMutation(turnOffTwoFactor, (settings) => settings);
}
