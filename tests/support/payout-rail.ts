/**
 * Driving the payout rail emulator over HTTP, for tests.
 *   worker tests:  settlePayoutNow(env.PAYOUT_API_URL, payoutId)
 *   end-to-end:    settlePayoutNow(emulatorUrls.payoutRail, …)  (playwright.config.ts: the e2e server's port + 5)
 */

/** Its home page's "Settle now": the payout completes (or fails, as was decided when it was made) at once. */
export async function settlePayoutNow(railUrl: string, payoutId: string): Promise<void> {
  const response = await fetch(`${railUrl.replace(/\/+$/, "")}/emulator/payouts/${encodeURIComponent(payoutId)}/settle`, {
    method: "POST",
    redirect: "manual",
  });
  if (response.status !== 303) throw new Error(`The payout rail answered ${response.status} when settling ${payoutId}`);
}

/**
 * Its home page's switch "Fail every new payout". It is one switch for everyone using the rail: only a test that
 * runs alone against its rail (end-to-end) may use it, and must turn it off again.
 */
export async function failNewPayouts(railUrl: string, fail: boolean): Promise<void> {
  const response = await fetch(`${railUrl.replace(/\/+$/, "")}/emulator/fail-new-payouts`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ fail: fail ? "on" : "off" }),
    redirect: "manual",
  });
  if (response.status !== 303) throw new Error(`The payout rail answered ${response.status} to the fail switch`);
}

/** A destination the rail refuses by its documented rule (the address ends in "dead"): the payout fails. */
export const REFUSED_ADDRESSES = {
  evm: "0x000000000000000000000000000000000000dEaD",
  solana: "1nc1nerator11111111111111111111111111111dead",
} as const;
