/**
 * zod compiles an object schema's parser with `new Function` when eval is allowed, and probes for that as the schema
 * is built. Our content security policy forbids eval, so the probe only raised a CSP issue on the page. The root
 * imports this first, so every schema the browser builds parses without eval; it writes zod's shared configuration
 * slot (zod's core reads `globalThis.__zod_globalConfig` when it loads) instead of importing zod, because public pages
 * load no zod at all. workerd allows no eval either, so the worker parses the same way.
 */
const slot = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(slot.__zod_globalConfig ??= {}).jitless = true;
export {};
