import { browserClients } from "~/lib/api/browser-clients";
import { userSettingsSchema, type UserSettings } from "@contracts/settings.ts";
import { useSettingsMutation } from "./settings-mutation";

/** `POST /v1/user/settings/email/approve`: the code from the e-mail makes the new address the verified one. */
export function approveEmailChange(code: string): Promise<UserSettings> {
  return browserClients().api.post("/v1/user/settings/email/approve", userSettingsSchema, { body: { code }, required: { code } });
}

export function useApproveEmailChange() {
  return useSettingsMutation(approveEmailChange, (settings) => settings);
}
