import { browserClients } from "~/lib/api/browser-clients";
import { termsAcceptanceSchema, type TermsAcceptance } from "@contracts/terms.ts";

/** `POST /v1/terms/{termsId}/accept`: the signed-in user accepts the terms in force (again: the first acceptance). */
export function acceptTerms(termsId: string): Promise<TermsAcceptance> {
  return browserClients().api.post(`/v1/terms/${encodeURIComponent(termsId)}/accept`, termsAcceptanceSchema, { required: { termsId } });
}
