import { z } from "zod";
import { parseWithSchema } from "../shared/json-state-file.ts";

export const NETWORKS = ["evm", "solana"] as const;
export type Network = (typeof NETWORKS)[number];

const railPayoutSchema = z.object({
  id: z.string(),
  withdrawalId: z.string(),
  amount: z.number().int().positive(),
  currency: z.string(),
  network: z.enum(NETWORKS),
  address: z.string(),
  createdAt: z.number(),
  /** When the payout settles by itself (created + the settle delay), unless settled earlier from the home page. */
  settlesAt: z.number(),
  /** Decided when the payout is created (the fail switch, the address rule) and shown once it settles. */
  outcome: z.enum(["completed", "failed"]),
  outcomeReason: z.string().nullable(),
  /** Null while pending. */
  settledAt: z.number().nullable(),
});

/** One payout as the rail keeps it. */
export type RailPayout = z.infer<typeof railPayoutSchema>;
export type PayoutStatus = "pending" | "completed" | "failed";

const railDepositSchema = z.object({
  id: z.string(),
  /** The caller's idempotency key: one deposit per id. */
  depositId: z.string(),
  amount: z.number().int().positive(),
  currency: z.string(),
  createdAt: z.number(),
  /** When the deposit completes by itself (created + the settle delay). */
  settlesAt: z.number(),
  /** Null while pending. */
  settledAt: z.number().nullable(),
});

/** Money paid in by a customer (an advertiser funding its account): pending, then completed. */
export type RailDeposit = z.infer<typeof railDepositSchema>;

const stateSchema = z.object({
  version: z.literal(1),
  /** The home page's switch: every payout created while it is on fails when it settles. */
  failNewPayouts: z.boolean(),
  payouts: z.array(railPayoutSchema),
  /** Missing in state files written before deposits existed. */
  deposits: z.array(railDepositSchema).default([]),
});

/** Everything the payout rail remembers between runs. */
export type RailState = z.infer<typeof stateSchema>;

export function emptyState(): RailState {
  return { version: 1, failNewPayouts: false, payouts: [], deposits: [] };
}

/** Reads a state file's JSON, refusing anything that does not have the expected shape. */
export const parseState = parseWithSchema(stateSchema);
