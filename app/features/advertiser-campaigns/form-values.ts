import { notStartedReasonLabels, type ConsoleCampaignSummary } from "@contracts/advertiser-campaigns.ts";
import { decimalsOf } from "@contracts/currencies.ts";

/** An integer amount of the smallest unit as the form shows it: "1000.5" for 1_000_500_000 USDC (6 decimals). */
export function amountText(amount: number, currency: string): string {
  const decimals = decimalsOf(currency);
  const unit = 10n ** BigInt(decimals);
  const whole = BigInt(amount) / unit;
  const fraction = (BigInt(amount) % unit).toString().padStart(decimals, "0").replace(/0+$/, "");
  return fraction === "" ? whole.toString() : `${whole}.${fraction}`;
}

/** What the person typed as an integer of the smallest unit, or null when it is not an amount of this currency. */
export function parseAmount(text: string, currency: string): number | null {
  const decimals = decimalsOf(currency);
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(text.trim().replace(/,/g, ""));
  if (match === null) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > decimals) return null;
  const value = BigInt(match[1] ?? "0") * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0") || "0");
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(value);
}

/** Times are edited in UTC (`datetime-local` without a zone), so the server's render and the browser's agree. */
export function utcInputValue(at: number): string {
  return new Date(at).toISOString().slice(0, 16);
}

export function parseUtcInput(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const at = Date.parse(`${value}:00Z`);
  return Number.isNaN(at) ? null : at;
}

/** "@a, @b" ⇄ ["@a", "@b"]. */
export function listText(items: readonly string[]): string {
  return items.join(", ");
}
export function parseList(text: string): string[] {
  return text
    .split(/[,\s]+/)
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** The console's status badge: "Draft", why it has not started ("Not started: not funded"), or the status. */
export function consoleStatusText(campaign: Pick<ConsoleCampaignSummary, "draft" | "status" | "notStartedReason">): string {
  if (campaign.draft) return "Draft";
  return campaign.notStartedReason === null ? campaign.status : notStartedReasonLabels[campaign.notStartedReason];
}

/** How long until `endsAt`, in words: "3 days left", "5 hours left", "Ended". */
export function timeLeftText(timeLeftMs: number): string {
  if (timeLeftMs <= 0) return "Ended";
  const hours = Math.floor(timeLeftMs / 3_600_000);
  if (hours >= 48) return `${Math.floor(hours / 24)} days left`;
  if (hours >= 1) return `${hours} hours left`;
  return "Less than an hour left";
}
