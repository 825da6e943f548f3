import type { PayoutWebhookEvent } from "../../clients/payout-rail.ts";
import { AppError } from "../../contracts/errors.ts";
import { findWithdrawalById } from "../../db/withdrawals.ts";
import { applyPayout } from "./settlement.ts";
import type { WithdrawalDeps } from "./transitions.ts";

export type WebhookOutcome = "completed" | "failed" | "unchanged" | "unknown-withdrawal";

/**
 * The payout rail says a payout settled (its signed webhook, docs/decisions/032-spec-server-items.md section 4): the
 * withdrawal completes or fails at once, through the same transitions as the scheduler's poll (settlement.ts), so
 * whichever comes first moves it and the other changes nothing (the `pending` guard and the ledger keys). A withdrawal
 * this app does not know is acknowledged and ignored; a payout whose amount or currency differ from the withdrawal's is
 * refused (409) and left to the poll, which asks the rail by withdrawal id.
 */
export async function settleFromRailEvent(
  deps: WithdrawalDeps,
  event: PayoutWebhookEvent,
): Promise<{ withdrawalId: string; outcome: WebhookOutcome }> {
  const payout = event.data;
  const row = await findWithdrawalById(deps.db, payout.withdrawalId);
  if (row === null) return { withdrawalId: payout.withdrawalId, outcome: "unknown-withdrawal" };
  if (row.amount !== payout.amount || row.currency !== payout.currency) {
    throw new AppError(409, "payout_mismatch", `The payout of ${row.id} does not match the withdrawal's amount and currency.`, [
      { loc: ["body", "data"], msg: "amount and currency must be the withdrawal's" },
    ]);
  }
  if (row.status !== "pending") return { withdrawalId: row.id, outcome: "unchanged" };
  const outcome = await applyPayout(deps, row, payout);
  return { withdrawalId: row.id, outcome: outcome === "pending" ? "unchanged" : outcome };
}
