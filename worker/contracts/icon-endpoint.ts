/**
 * Where browsers load icons (SPEC.md section 7 "Icons"): the worker's own endpoint as a site path such as /icons, or a
 * public Iconify service as an https URL. The worker's configuration refuses anything else at start, and the browser
 * logs a console error for it (SPEC.md section 8), both by this one rule.
 */
const validIconEndpoint = /^(\/[\w/-]*|https:\/\/[^\s]+)$/;

export function isValidIconEndpoint(endpoint: string): boolean {
  return validIconEndpoint.test(endpoint);
}

export function iconEndpointProblem(endpoint: string): string {
  return `must be a site path such as /icons or an https URL such as https://api.iconify.design (got "${endpoint}")`;
}
