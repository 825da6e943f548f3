import type { Capabilities } from "../../capabilities.ts";
import { recordCodeSent, type WithdrawalRow } from "../../db/withdrawals.ts";
import { forgetCode, issueCode } from "../accounts/one-time-codes.ts";
import { amountText } from "./present.ts";

/**
 * The mailed second factor of a withdrawal: a one-time code for (user, "withdrawal", withdrawal id), valid until the
 * withdrawal expires, sent to the creator's verified e-mail. The resend limit (once a minute) is the code store's:
 * `issueCode` refuses with a 429 that says when to try again.
 */
export type CodeMailDeps = Pick<Capabilities, "db" | "clock" | "mailer" | "config"> & Parameters<typeof issueCode>[0];

function shortAddress(address: string): string {
  return address.length <= 14 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/**
 * Issues a new code and mails it. Throws what `issueCode` throws (the 429 of the resend limit); a failing mailer
 * answers false instead, so the withdrawal stays and the creator can ask again.
 */
export async function mailWithdrawalCode(
  deps: CodeMailDeps,
  withdrawal: Pick<WithdrawalRow, "id" | "userId" | "amount" | "currency" | "walletAddress" | "expiresAt">,
  email: string,
): Promise<boolean> {
  const now = deps.clock.now();
  const issued = await issueCode(deps, {
    userId: withdrawal.userId,
    purpose: "withdrawal",
    subjectId: withdrawal.id,
    target: email,
    ttlMs: Math.max(60_000, withdrawal.expiresAt - now),
  });
  const amount = amountText(withdrawal.amount, withdrawal.currency);
  const wallet = shortAddress(withdrawal.walletAddress);
  const minutes = Math.max(1, Math.round((issued.expiresAt - now) / 60_000));
  const link = `${deps.config.appOrigins[0] ?? ""}/profile#withdrawals`;
  const text = [
    `Your code to confirm the withdrawal of ${amount} to ${wallet} is:`,
    "",
    issued.code,
    "",
    `Enter it in Chorus within ${minutes} minutes: ${link}`,
    "",
    "If you did not ask for this withdrawal, cancel it there and do not share this code with anyone.",
  ].join("\n");
  const html = `<p>Your code to confirm the withdrawal of <strong>${amount}</strong> to <code>${wallet}</code> is:</p>
<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${issued.code}</p>
<p>Enter it in Chorus within ${minutes} minutes: <a href="${link}">${link}</a></p>
<p>If you did not ask for this withdrawal, cancel it there and do not share this code with anyone.</p>`;
  try {
    await deps.mailer.send({ to: email, subject: `Confirm your withdrawal of ${amount}`, text, html });
  } catch (error) {
    console.warn(`Withdrawals: the code for ${withdrawal.id} could not be mailed; the creator can ask again`, error);
    // The code never reached anyone: forget it, so asking for a new one is not held back by the resend limit.
    await forgetCode(deps, { userId: withdrawal.userId, purpose: "withdrawal", subjectId: withdrawal.id });
    return false;
  }
  await recordCodeSent(deps.db, withdrawal.id, deps.clock.now());
  return true;
}
