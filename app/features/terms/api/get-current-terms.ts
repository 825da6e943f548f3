import { browserClients } from "~/lib/api/browser-clients";
import { currentTermsSchema, type CurrentTerms } from "@contracts/terms.ts";

/**
 * `GET /v1/terms`: the terms in force and when the signed-in user accepted them. Null for a visitor: the terms page is
 * prerendered and served to everyone, so only a browser that holds the app's tokens (the user signed in here) asks.
 */
export async function getCurrentTerms(): Promise<CurrentTerms | null> {
  const clients = browserClients();
  if (clients.tokens.accessToken() === null) return null;
  return clients.api.get("/v1/terms", currentTermsSchema);
}
