/**
 * What the kit's Tooltip uses of Floating UI, loaded on the first hover or focus of a tooltip. Named here, so that the
 * chunk keeps these and not the whole of `@floating-ui/react`, which a dynamic import of the package holds entire
 * (30 KB gzip against 6; decision 028).
 */
export { autoPlacement, autoUpdate, computePosition, offset, shift } from "@floating-ui/react";
