import { useMutation } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { savedPartnerSchema, type PartnerInput } from "@contracts/partners.ts";

/** `PUT /v1/admin/partners/{id}`: replaces the partner's brand and hostnames (idempotent: the same body twice is one change). */
export function savePartner(partnerId: string, input: PartnerInput) {
  return browserClients().api.put(`/v1/admin/partners/${encodeURIComponent(partnerId)}`, savedPartnerSchema, { body: input });
}

export function useSavePartner(partnerId: string) {
  return useMutation({ mutationFn: (input: PartnerInput) => savePartner(partnerId, input), networkMode: "always" });
}
