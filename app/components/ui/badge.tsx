import type { ComponentPropsWithRef } from "react";
import { classNames } from "./class-names";

/**
 * neutral: nothing to act on (not started, handled). info: a fact in the brand's colour (joined, new). success: went
 * well (active, paid, verified). warning: needs attention soon (ending, evaluating). danger: went wrong or is gone
 * (not eligible, expired, failed).
 */
export type BadgeTone = "neutral" | "info" | "success" | "warning" | "danger";

export type BadgeProps = ComponentPropsWithRef<"span"> & { tone?: BadgeTone };

/** A short status label in a tinted pill. The words carry the meaning; the tone only repeats it in colour. */
export function Badge({ tone = "neutral", className, ...span }: BadgeProps) {
  return <span {...span} className={classNames("ui-badge", className)} data-tone={tone} />;
}
