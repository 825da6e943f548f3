import { useMutation } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { adHocNotificationResultSchema, type AdHocNotificationInput, type AdHocNotificationResult } from "@contracts/admin.ts";

export type SendNotificationInput = AdHocNotificationInput & { idempotencyKey: string };

/** `POST /v1/admin/notifications`; the key is made once per filled-in form, so a retry notifies nobody twice. */
export function sendNotification({ idempotencyKey, ...input }: SendNotificationInput): Promise<AdHocNotificationResult> {
  return browserClients().api.post("/v1/admin/notifications", adHocNotificationResultSchema, {
    body: input,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

export function useSendNotification() {
  return useMutation({ mutationFn: sendNotification, networkMode: "always" });
}
