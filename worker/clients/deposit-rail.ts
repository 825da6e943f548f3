import { z } from "zod";
import type { AppConfig } from "../config.ts";
import { PayoutRailError } from "./payout-rail.ts";

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

const TIMEOUT_MS = 10_000;
const isoTime = z.iso.datetime({ offset: true }).transform((value) => Date.parse(value));
const depositSchema = z.object({
  id: z.string().min(1),
  depositId: z.string().min(1),
  amount: z.number().int().positive(),
  currency: z.string(),
  status: z.enum(["pending", "completed", "failed"]),
  settledAt: isoTime.nullable(),
});
const errorSchema = z.object({ error: z.object({ type: z.string(), code: z.string().optional(), message: z.string() }) });

export function createDepositRail(config: Pick<AppConfig["payouts"], "apiUrl" | "apiKey">): DepositRail {
  async function call(what: string, path: string, init: RequestInit): Promise<{ response: Response; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${config.apiKey}`, ...init.headers },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new PayoutRailError(`${what}: the deposit rail could not be reached (${reason})`, null, "unreachable", { cause: error });
    }
    return { response, body: await response.json().catch(() => null) };
  }

  function refusal(what: string, response: Response, body: unknown): PayoutRailError {
    const parsed = errorSchema.safeParse(body);
    const code = parsed.success ? (parsed.data.error.code ?? parsed.data.error.type) : `http_${response.status}`;
    const reason = parsed.success ? parsed.data.error.message : response.statusText || "no error body";
    return new PayoutRailError(`${what}: the deposit rail refused (${response.status} ${code}: ${reason})`, response.status, code);
  }

  function depositFrom(what: string, depositId: string, response: Response, body: unknown): RailDeposit {
    const parsed = depositSchema.safeParse(body);
    if (!parsed.success || parsed.data.depositId !== depositId) {
      throw new PayoutRailError(
        `${what}: the deposit rail answered ${response.status} with an unexpected body`,
        response.status,
        "bad_answer",
      );
    }
    return parsed.data;
  }

  return {
    async createDeposit(request) {
      const what = `Creating deposit ${request.depositId}`;
      const { response, body } = await call(what, "/v1/deposits", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": request.depositId },
        body: JSON.stringify({ depositId: request.depositId, amount: request.amount, currency: request.currency }),
      });
      if (!response.ok) throw refusal(what, response, body);
      return depositFrom(what, request.depositId, response, body);
    },

    async findDeposit(depositId) {
      const what = `Looking up deposit ${depositId}`;
      const { response, body } = await call(what, `/v1/deposits/by-id/${encodeURIComponent(depositId)}`, { method: "GET" });
      const missing = errorSchema.safeParse(body);
      if (response.status === 404 && missing.success && missing.data.error.code === "resource_missing") return null;
      if (!response.ok) throw refusal(what, response, body);
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
