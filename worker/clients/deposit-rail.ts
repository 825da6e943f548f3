import { z } from "zod";
import type { AppConfig } from "../config.ts";
import { isoTime, railApi, type RailConfig } from "./rail-api.ts";

/**
 * The deposit side of the payout provider (docs/decisions/020-funding-and-invitations.md): an advertiser pays money
 * in. The deposit id is the idempotency key, so asking twice never makes two deposits; a deposit is pending until the
 * provider completes it, and the scheduler asks again (`findDeposit`) until it has. Same URL and key as payouts.
 */
export type DepositRequest = { depositId: string; amount: number; currency: string };
export type RailDeposit = {
  id: string;
  depositId: string;
  amount: number;
  currency: string;
  status: "pending" | "completed" | "failed";
  settledAt: number | null;
};
export type DepositRail = {
  createDeposit(request: DepositRequest): Promise<RailDeposit>;
  findDeposit(depositId: string): Promise<RailDeposit | null>;
};

const depositSchema = z.object({
  id: z.string().min(1),
  depositId: z.string().min(1),
  amount: z.number().int().positive(),
  currency: z.string(),
  status: z.enum(["pending", "completed", "failed"]),
  settledAt: isoTime.nullable(),
});

export function createDepositRail(config: RailConfig): DepositRail {
  const api = railApi(config, "the deposit rail");

  function depositFrom(what: string, depositId: string, response: Response, body: unknown): RailDeposit {
    const parsed = depositSchema.safeParse(body);
    if (!parsed.success || parsed.data.depositId !== depositId) throw api.unexpectedAnswer(what, response);
    return parsed.data;
  }

  return {
    async createDeposit(request) {
      const what = `Creating deposit ${request.depositId}`;
      const { response, body } = await api.call(what, "/v1/deposits", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": request.depositId },
        body: JSON.stringify({ depositId: request.depositId, amount: request.amount, currency: request.currency }),
      });
      if (!response.ok) throw api.refusal(what, response, body);
      return depositFrom(what, request.depositId, response, body);
    },

    async findDeposit(depositId) {
      const what = `Looking up deposit ${depositId}`;
      const { response, body } = await api.call(what, `/v1/deposits/by-id/${encodeURIComponent(depositId)}`, { method: "GET" });
      if (api.isMissing(response, body)) return null;
      if (!response.ok) throw api.refusal(what, response, body);
      return depositFrom(what, depositId, response, body);
    },
  };
}

const rails = new WeakMap<AppConfig, DepositRail>();

/** One deposit rail client per configuration (per isolate). */
export function depositRailFor(config: AppConfig): DepositRail {
  let rail = rails.get(config);
  if (rail === undefined) {
    rail = createDepositRail(config.payouts);
    rails.set(config, rail);
  }
  return rail;
}
