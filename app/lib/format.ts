import { decimalsOf } from "@contracts/currencies.ts";

/** A ratio as a percentage with one decimal, without the decimal at exactly 100 (SPEC.md section 5). */
export function formatPercent(ratio: number): string {
  const percent = ratio * 100;
  if (percent === 100) return "100%";
  return `${percent.toFixed(1)}%`;
}

/** A whole number with a comma between each group of three digits ("12,345"). */
function grouped(digits: bigint | number): string {
  return digits.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A count ("12,345"), as `toLocaleString("en-US")` writes a whole number; a fraction is rounded away. */
export function formatCount(count: number): string {
  const whole = Math.round(count);
  return whole < 0 ? `-${grouped(-whole)}` : grouped(whole);
}

/** An integer amount in the currency's smallest unit, shown with grouping and at most two decimals. */
export function formatAmount(amount: number, currency: string): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Amount must be an integer, got ${amount}`);
  const decimals = decimalsOf(currency);
  const sign = amount < 0 ? "-" : "";
  const absolute = BigInt(Math.abs(amount));
  const unit = 10n ** BigInt(decimals);
  const whole = absolute / unit;
  const fraction = absolute % unit;
  const shownDecimals = Math.min(decimals, 2);
  const cents = decimals === 0 ? 0n : (fraction * 10n ** BigInt(shownDecimals)) / unit;
  const wholeText = grouped(whole);
  const fractionText = shownDecimals === 0 ? "" : `.${cents.toString().padStart(shownDecimals, "0")}`;
  return `${sign}${wholeText}${fractionText} ${currency}`;
}

const units: Array<["day" | "hour" | "minute", number]> = [
  ["day", 24 * 60 * 60 * 1000],
  ["hour", 60 * 60 * 1000],
  ["minute", 60 * 1000],
];

/*
 * Dates, relative times and lists are worded here in English as Intl's "en" formatters word them, without Intl: the first
 * Intl formatter a page builds costs a browser 50–100 ms (it loads its locale data), one long task on a phone in the
 * middle of hydrating the first page that shows a date (docs/decisions/031-no-tap-lost.md).
 */
const monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A whole number of units from now, as `Intl.RelativeTimeFormat("en", { numeric: "auto" })` words it. */
function relativeUnits(count: number, unit: "day" | "hour" | "minute"): string {
  if (unit === "day" && count === 1) return "tomorrow";
  if (unit === "day" && count === -1) return "yesterday";
  const size = Math.abs(count);
  const amount = `${grouped(size)} ${unit}${size === 1 ? "" : "s"}`;
  return count > 0 ? `in ${amount}` : `${amount} ago`;
}

/** "in 3 days", "2 hours ago": relative to a `now` that the server chose, so SSR and hydration agree. */
export function formatRelative(at: number, now: number): string {
  const difference = at - now;
  for (const [unit, size] of units) {
    if (Math.abs(difference) >= size) return relativeUnits(Math.round(difference / size), unit);
  }
  return difference >= 0 ? "in less than a minute" : "just now";
}

/** "Nov 4, 2026": the UTC day, as `Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" })` writes it. */
export function formatDate(at: number): string {
  const date = new Date(at);
  return `${monthNames[date.getUTCMonth()] ?? ""} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "X", "X and Bluesky", "A, B, and C": names joined as `Intl.ListFormat("en")` joins them (a conjunction). */
export function formatList(items: readonly string[]): string {
  if (items.length <= 2) return items.join(" and ");
  return `${items.slice(0, -1).join(", ")}, and ${items.at(-1) ?? ""}`;
}
