import type { Brand } from "@contracts/brand.ts";
import { themeStyle } from "~/lib/brand";

/**
 * A small sample of the partner's pages painted with the edited colours: the same brand tokens the partner's hostname
 * sets (`themeStyle`), so the header, the button and the badge here take their colours as the real pages do.
 */
export function ThemePreview({ brand }: { brand: Brand }) {
  return (
    <figure className="partner-preview" style={themeStyle(brand)} aria-label={`Preview of ${brand.displayName || "the partner"}`}>
      <div className="partner-preview-header">
        <span className="partner-preview-mark" aria-hidden="true" />
        <span className="partner-preview-name">{brand.displayName || "Partner name"}</span>
      </div>
      <div className="partner-preview-body">
        <span className="partner-preview-button">Join campaign</span>
        <span className="partner-preview-accent">New</span>
        <span className="partner-preview-link">Campaign rules</span>
      </div>
      <figcaption className="partner-preview-caption">Preview: the header, a primary button, an accent and a link.</figcaption>
    </figure>
  );
}
