import { z } from "zod";
import { isoTime, railApi, type RailConfig } from "./rail-api.ts";

/**
 * The payout provider: sends a withdrawal's money to a wallet (docs/decisions/012-mail-and-payout-rail.md). The
 * withdrawal id is the idempotency key, so asking twice never pays twice; a payout is pending until the provider
 * settles it, and the scheduler asks again (`findPayout`) until it has. Locally the same code talks to the payout
 * rail emulator: only PAYOUT_API_URL and PAYOUT_API_KEY differ. The rail also calls the app back when a payout settles
 * (a signed webhook, `payoutWebhookEventSchema`), so a withdrawal completes at once; the scheduler's asking stays as
 * the fallback for a webhook that never arrived.
 */
export type PayoutRequest = { withdrawalId: string; amount: number; currency: string; network: "evm" | "solana"; address: string };
export type Payout = {
  id: string;
  withdrawalId: string;
  status: "pending" | "completed" | "failed";
  failureReason: string | null;
  settledAt: number | null;
};
export type PayoutRail = {
  createPayout(request: PayoutRequest): Promise<Payout>;
  findPayout(withdrawalId: string): Promise<Payout | null>;
};

const payoutSchema = z
  .object({
    id: z.string().min(1),
    withdrawalId: z.string().min(1),
    status: z.enum(["pending", "completed", "failed"]),
    failureReason: z.string().nullable(),
    settledAt: isoTime.nullable(),
  })
  .refine((payout) => (payout.status === "pending") === (payout.settledAt === null), "settledAt must be set exactly when settled")
  .refine((payout) => payout.status !== "failed" || payout.failureReason !== null, "a failed payout must carry its reason");

/**
 * What the rail POSTs to the app when a payout settles (docs/decisions/032-spec-server-items.md section 4): the event
 * and the payout as `GET /v1/payouts/{id}` answers it, signed in `Payout-Signature`.
 */
export const payoutWebhookEventSchema = z
  .object({
    id: z.string().min(1),
    type: z.enum(["payout.completed", "payout.failed"]),
    createdAt: isoTime,
    data: z.object({
      id: z.string().min(1),
      withdrawalId: z.string().min(1),
      amount: z.number().int().positive(),
      currency: z.string().min(1),
      status: z.enum(["completed", "failed"]),
      failureReason: z.string().nullable(),
      settledAt: isoTime,
    }),
  })
  .refine((event) => event.type === `payout.${event.data.status}`, { message: "must match data.status", path: ["type"] })
  .refine((event) => event.data.status !== "failed" || event.data.failureReason !== null, {
    message: "a failed payout must carry its reason",
    path: ["data", "failureReason"],
  });
export type PayoutWebhookEvent = z.infer<typeof payoutWebhookEventSchema>;

export function createPayoutRail(config: RailConfig): PayoutRail {
  const api = railApi(config, "the payout rail");

  function payoutFrom(what: string, withdrawalId: string, response: Response, body: unknown): Payout {
    const parsed = payoutSchema.safeParse(body);
    if (!parsed.success) throw api.unexpectedAnswer(what, response);
    if (parsed.data.withdrawalId !== withdrawalId) {
      throw api.unexpectedAnswer(what, response, `answered with the payout of withdrawal ${parsed.data.withdrawalId}`);
    }
    return parsed.data;
  }

  return {
    async createPayout(request) {
      const what = `Paying out withdrawal ${request.withdrawalId}`;
      const { response, body } = await api.call(what, "/v1/payouts", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": request.withdrawalId },
        body: JSON.stringify({
          withdrawalId: request.withdrawalId,
          amount: request.amount,
          currency: request.currency,
          network: request.network,
          address: request.address,
        }),
      });
      if (!response.ok) throw api.refusal(what, response, body);
      return payoutFrom(what, request.withdrawalId, response, body);
    },

    async findPayout(withdrawalId) {
      const what = `Looking up the payout of withdrawal ${withdrawalId}`;
      const { response, body } = await api.call(what, `/v1/payouts/by-withdrawal/${encodeURIComponent(withdrawalId)}`, { method: "GET" });
      if (api.isMissing(response, body)) return null;
      if (!response.ok) throw api.refusal(what, response, body);
      return payoutFrom(what, withdrawalId, response, body);
    },
  };
}
