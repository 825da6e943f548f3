import { z } from "zod/mini";

/** A partner's theme as pages use it: the brand name (its theme key), display name, colours and logo. */
export const brandSchema = z.object({
  theme: z.string(),
  displayName: z.string(),
  primaryColor: z.string().check(z.regex(/^#[0-9a-fA-F]{3,8}$/)),
  accentColor: z.string().check(z.regex(/^#[0-9a-fA-F]{3,8}$/)),
  logoUrl: z.nullable(z.string()),
});
export type Brand = z.infer<typeof brandSchema>;

/** SPEC.md section 1: two brand values get a dedicated layout, any other brand the partner layout, none the default. */
export type BrandLayout = "default" | "dedicated" | "partner";

export function layoutForBrand(theme: string | null, dedicatedBrands: readonly string[]): BrandLayout {
  if (theme === null || theme === "") return "default";
  return dedicatedBrands.includes(theme) ? "dedicated" : "partner";
}
