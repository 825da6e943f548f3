import { browserClients } from "~/lib/api/browser-clients";
import { twoFactorApprovedSchema, type TwoFactorApproved } from "@contracts/settings.ts";
import { useSettingsMutation } from "./settings-mutation";

/** `POST /v1/user/settings/two-factor/approve`: the first code from the app; answers the recovery codes, this once. */
export function approveTwoFactor(code: string): Promise<TwoFactorApproved> {
  return browserClients().api.post("/v1/user/settings/two-factor/approve", twoFactorApprovedSchema, { body: { code }, required: { code } });
}

export function useApproveTwoFactor() {
  return useSettingsMutation(approveTwoFactor, (approved) => approved.settings);
}
