/**
 * The kinds of conversion event, in a module of their own: the browser's commission forms need the list, and
 * ./conversions.ts carries arktype (the ingestion path's validators), which compiles with eval that the page policy forbids.
 */

/** What a conversion can earn a commission for (docs/decisions/045-commissions.md). */
export const earningConversionTypes = ["signup", "deposit", "withdrawal", "purchase", "trade", "subscription", "other"] as const;
export type EarningConversionType = (typeof earningConversionTypes)[number];
/** Events that undo an earlier one, named by `reversesEventId`: its commission is cancelled or clawed back. */
export const reversalConversionTypes = ["refund", "chargeback"] as const;
export const conversionTypes = [...earningConversionTypes, ...reversalConversionTypes] as const;
export type ConversionType = (typeof conversionTypes)[number];
export const isReversalType = (type: ConversionType): boolean => type === "refund" || type === "chargeback";
