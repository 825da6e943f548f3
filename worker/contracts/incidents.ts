/**
 * Incident ids: the request id of every request (unless Cloudflare's `cf-ray` names it), shown on the error screen of a
 * failed page and sent with its telemetry, so support finds a user's incident by the id on their screen. 12 hex
 * characters: short enough to read out.
 */
export function newIncidentId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
