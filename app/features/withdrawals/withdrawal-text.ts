import type { WithdrawalStatus } from "@contracts/withdrawal-rules.ts";

/** The words the withdrawal screens share. */
export const withdrawalStatusLabels: Record<WithdrawalStatus, string> = {
  verifying: "Waiting for code",
  pending: "Pending",
  completed: "Completed",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** The colour of each status's badge: waiting is a warning, paid went well, failed or cancelled went wrong. */
export const withdrawalStatusTones: Record<WithdrawalStatus, "warning" | "success" | "danger"> = {
  verifying: "warning",
  pending: "warning",
  completed: "success",
  failed: "danger",
  cancelled: "danger",
};

/** "0x52908400…9EE7": enough of an address to recognise it. */
export function shortAddress(address: string): string {
  return address.length <= 14 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** "a•••@example.com": which inbox to look in, without spelling the address out. */
export function maskedEmail(email: string): string {
  const at = email.indexOf("@");
  if (at <= 0) return email;
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** "4:05": minutes and seconds. */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
