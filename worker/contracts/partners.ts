import { z } from "zod/mini";
import type { BrandLayout } from "./brand.ts";
import { personTextChecks } from "./text.ts";

const hostname = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, "must be a hostname such as rewards.example.com"),
  );

/** `PUT /v1/admin/partners/{partnerId}`: a partner brand and every hostname that shows it. */
export const partnerInputSchema = z.object({
  theme: z.string().check(z.trim(), z.regex(/^[a-z0-9-]{2,32}$/, "must be 2 to 32 lowercase letters, digits or dashes")),
  displayName: z.string().check(...personTextChecks("name", 60, "is required")),
  primaryColor: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, "must be a colour such as #1d4ed8")),
  accentColor: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, "must be a colour such as #facc15")),
  logoUrl: z._default(z.nullable(z.url({ protocol: /^https$/, error: "must be an https URL" })), null),
  hostnames: z.array(hostname).check(z.minLength(1, "name at least one hostname"), z.maxLength(20, "at most 20 hostnames")),
});
export type PartnerInput = z.infer<typeof partnerInputSchema>;

/** A partner as `/admin` lists it: what `PUT /v1/admin/partners/{id}` takes, its id, and the layout its theme gets. */
export type AdminPartner = PartnerInput & { id: string; layout: BrandLayout };

/** What `PUT /v1/admin/partners/{id}` answers: the partner as saved. */
export const savedPartnerSchema = z.object({ ...partnerInputSchema.shape, id: z.string() });
