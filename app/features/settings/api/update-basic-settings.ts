import { browserClients } from "~/lib/api/browser-clients";
import { userSettingsSchema, type BasicSettingsInput, type UserSettings } from "@contracts/settings.ts";
import { useSettingsMutation } from "./settings-mutation";

/** `PUT /v1/user/settings/basic`: display name, preferred advertiser, notification kinds also mailed. */
export function updateBasicSettings(input: BasicSettingsInput): Promise<UserSettings> {
  return browserClients().api.put("/v1/user/settings/basic", userSettingsSchema, { body: input });
}

export function useUpdateBasicSettings() {
  return useSettingsMutation(updateBasicSettings, (settings) => settings);
}
