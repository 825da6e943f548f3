import { z } from "zod";
import type { AppConfig } from "../config.ts";

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

/**
 * The rail did not do what was asked. `retryable`: no answer, a timeout, a 429 or a 5xx — the same request may
 * succeed later (it is idempotent). Otherwise the rail refused the request itself (a bad key, an invalid
 * destination, the withdrawal id already used with different parameters), and asking again will not help.
 */
export class PayoutRailError extends Error {
  readonly status: number | null;
  readonly code: string;
  readonly retryable: boolean;

  constructor(message: string, status: number | null, code: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "PayoutRailError";
    this.status = status;
    this.code = code;
    this.retryable = status === null || status === 429 || status >= 500;
  }
}

const TIMEOUT_MS = 10_000;

const isoTime = z.iso.datetime({ offset: true }).transform((value) => Date.parse(value));

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

const errorSchema = z.object({ error: z.object({ type: z.string(), code: z.string().optional(), message: z.string() }) });

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

export function createPayoutRail(config: Pick<AppConfig["payouts"], "apiUrl" | "apiKey">): PayoutRail {
  async function call(what: string, path: string, init: RequestInit): Promise<{ response: Response; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${config.apiKey}`, ...init.headers },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      if (isTimeout(error))
        throw new PayoutRailError(`${what}: the payout rail did not answer within ${TIMEOUT_MS / 1000} s`, null, "timeout", {
          cause: error,
        });
      const reason = error instanceof Error ? error.message : String(error);
      throw new PayoutRailError(`${what}: the payout rail could not be reached (${reason})`, null, "unreachable", { cause: error });
    }
    const body: unknown = await response.json().catch(() => null);
    return { response, body };
  }

  function refusal(what: string, response: Response, body: unknown): PayoutRailError {
    const parsed = errorSchema.safeParse(body);
    const code = parsed.success ? (parsed.data.error.code ?? parsed.data.error.type) : `http_${response.status}`;
    const reason = parsed.success ? parsed.data.error.message : response.statusText || "no error body";
    const kind = response.status >= 500 ? "the payout rail failed" : "the payout rail refused";
    return new PayoutRailError(`${what}: ${kind} (${response.status} ${code}: ${reason})`, response.status, code);
  }

  function payoutFrom(what: string, withdrawalId: string, response: Response, body: unknown): Payout {
    const parsed = payoutSchema.safeParse(body);
    if (!parsed.success) {
      throw new PayoutRailError(
        `${what}: the payout rail answered ${response.status} with an unexpected body`,
        response.status,
        "bad_answer",
      );
    }
    if (parsed.data.withdrawalId !== withdrawalId) {
      throw new PayoutRailError(
        `${what}: the payout rail answered with the payout of withdrawal ${parsed.data.withdrawalId}`,
        response.status,
        "bad_answer",
      );
    }
    return parsed.data;
  }

  return {
    async createPayout(request) {
      const what = `Paying out withdrawal ${request.withdrawalId}`;
      const { response, body } = await call(what, "/v1/payouts", {
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
      if (!response.ok) throw refusal(what, response, body);
      return payoutFrom(what, request.withdrawalId, response, body);
    },

    async findPayout(withdrawalId) {
      const what = `Looking up the payout of withdrawal ${withdrawalId}`;
      const { response, body } = await call(what, `/v1/payouts/by-withdrawal/${encodeURIComponent(withdrawalId)}`, { method: "GET" });
      // Only the rail's own "no such payout" means none was made; any other 404 (a wrong URL) is an error.
      const missing = errorSchema.safeParse(body);
      if (response.status === 404 && missing.success && missing.data.error.code === "resource_missing") return null;
      if (!response.ok) throw refusal(what, response, body);
      return payoutFrom(what, withdrawalId, response, body);
    },
  };
}
