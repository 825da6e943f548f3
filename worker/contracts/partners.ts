import { z } from "zod";
import { humanText } from "./text.ts";

const hostname = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, "must be a hostname such as rewards.example.com");

/** `PUT /v1/admin/partners/{partnerId}`: a partner brand and every hostname that shows it. */
export const partnerInputSchema = z.object({
  theme: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{2,32}$/, "must be 2 to 32 lowercase letters, digits or dashes"),
  displayName: z.string().trim().min(1, "is required").max(60, "must be at most 60 characters").superRefine(humanText("name")),
  primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour such as #1d4ed8"),
  accentColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour such as #facc15"),
  logoUrl: z
    .url({ protocol: /^https$/, error: "must be an https URL" })
    .nullable()
    .default(null),
  hostnames: z.array(hostname).min(1, "name at least one hostname").max(20, "at most 20 hostnames"),
});
export type PartnerInput = z.infer<typeof partnerInputSchema>;
