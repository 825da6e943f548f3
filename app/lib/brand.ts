import type { CSSProperties } from "react";
import type { Brand, BrandLayout } from "@contracts/brand.ts";
import { useRootData } from "./root-data";

/** A partner's colours as the CSS custom properties every style reads. */
export function themeStyle(brand: Brand): CSSProperties {
  return { "--color-primary": brand.primaryColor, "--color-accent": brand.accentColor };
}

/** The brand of this hostname as the server resolved it: null on the app's own domain. */
export function useBrand(): { brand: Brand | null; layout: BrandLayout } {
  const root = useRootData();
  return { brand: root?.brand ?? null, layout: root?.brandLayout ?? "default" };
}
