import { z } from "zod";
import type { AppConfig } from "../config.ts";

/**
 * The payout provider's HTTP API, which both rails talk to (payouts, worker/clients/payout-rail.ts; deposits,
 * worker/clients/deposit-rail.ts): one URL and key, JSON bodies, refusals as `{ error: { type, code?, message } }`.
 */

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

export type RailConfig = Pick<AppConfig["payouts"], "apiUrl" | "apiKey">;

const TIMEOUT_MS = 10_000;

/** An ISO time of the provider's, as epoch milliseconds. */
export const isoTime = z.iso.datetime({ offset: true }).transform((value) => Date.parse(value));

const errorSchema = z.object({ error: z.object({ type: z.string(), code: z.string().optional(), message: z.string() }) });

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

/** The provider's API as one rail uses it; `rail` names that rail in the errors' messages ("the payout rail"). */
export function railApi(config: RailConfig, rail: string) {
  return {
    /** One request, with the key and a 10-second timeout; the answer's JSON body, or null when it has none. */
    async call(what: string, path: string, init: RequestInit): Promise<{ response: Response; body: unknown }> {
      let response: Response;
      try {
        response = await fetch(`${config.apiUrl}${path}`, {
          ...init,
          headers: { Authorization: `Bearer ${config.apiKey}`, ...init.headers },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        if (isTimeout(error))
          throw new PayoutRailError(`${what}: ${rail} did not answer within ${TIMEOUT_MS / 1000} s`, null, "timeout", { cause: error });
        const reason = error instanceof Error ? error.message : String(error);
        throw new PayoutRailError(`${what}: ${rail} could not be reached (${reason})`, null, "unreachable", { cause: error });
      }
      const body: unknown = await response.json().catch(() => null);
      return { response, body };
    },

    /** Only the rail's own "no such resource" means there is none; any other 404 (a wrong URL) is an error. */
    isMissing(response: Response, body: unknown): boolean {
      const missing = errorSchema.safeParse(body);
      return response.status === 404 && missing.success && missing.data.error.code === "resource_missing";
    },

    /** The error of an answer that is not a success, with the rail's own code and message when it gave them. */
    refusal(what: string, response: Response, body: unknown): PayoutRailError {
      const parsed = errorSchema.safeParse(body);
      const code = parsed.success ? (parsed.data.error.code ?? parsed.data.error.type) : `http_${response.status}`;
      const reason = parsed.success ? parsed.data.error.message : response.statusText || "no error body";
      const kind = response.status >= 500 ? `${rail} failed` : `${rail} refused`;
      return new PayoutRailError(`${what}: ${kind} (${response.status} ${code}: ${reason})`, response.status, code);
    },

    /** The error of a success whose body is not what the rail promises. */
    unexpectedAnswer(what: string, response: Response, detail = `answered ${response.status} with an unexpected body`): PayoutRailError {
      return new PayoutRailError(`${what}: ${rail} ${detail}`, response.status, "bad_answer");
    },
  };
}
