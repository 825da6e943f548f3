import "react";

declare module "react" {
  /** Theme tokens are CSS custom properties set in style attributes. */
  interface CSSProperties {
    [property: `--${string}`]: string | number | undefined;
  }
}
