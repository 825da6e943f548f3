import { browserClients } from "~/lib/api/browser-clients";
import { emailChangeRequestedSchema, type EmailChangeRequested } from "@contracts/settings.ts";
import { useSettingsMutation } from "./settings-mutation";

/** `PUT /v1/user/settings/email`: mails a code and a link to the new address (at most once a minute). */
export function requestEmailChange(email: string): Promise<EmailChangeRequested> {
  return browserClients().api.put("/v1/user/settings/email", emailChangeRequestedSchema, { body: { email }, required: { email } });
}

export function useRequestEmailChange() {
  return useSettingsMutation(requestEmailChange, () => null);
}
