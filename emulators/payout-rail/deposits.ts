import { randomBytes } from "node:crypto";
import { idempotentRequest, railError, refusal, settled, type RailContext } from "./api.ts";
import { jsonReply, type EmulatorRequest, type Reply } from "../shared/http.ts";
import type { RailDeposit } from "./state.ts";

/**
 * The deposit side of the rail (docs/decisions/020-funding-and-invitations.md): money an advertiser pays in. A
 * deposit is `pending` for the settle delay, then `completed`; the caller's deposit id is the idempotency key.
 */

const DEPOSIT_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,254}$/;
const CURRENCY = /^[A-Z0-9]{2,12}$/;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

const isoTime = (at: number) => new Date(at).toISOString();

export function depositStatus(deposit: RailDeposit): "pending" | "completed" {
  return deposit.settledAt === null ? "pending" : "completed";
}

export function depositBody(deposit: RailDeposit) {
  return {
    object: "deposit",
    id: deposit.id,
    depositId: deposit.depositId,
    amount: deposit.amount,
    currency: deposit.currency,
    status: depositStatus(deposit),
    createdAt: isoTime(deposit.createdAt),
    settledAt: deposit.settledAt === null ? null : isoTime(deposit.settledAt),
  };
}

type DepositRequest = { depositId: string; amount: number; currency: string };

function validate(body: unknown): DepositRequest | Reply {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return railError(400, "invalid_request_error", "invalid_body", "The request body must be a JSON object.");
  }
  const record = body as Record<string, unknown>;
  const invalid = (param: string, message: string) => railError(400, "invalid_request_error", "parameter_invalid", message, param);
  for (const param of ["depositId", "amount", "currency"]) {
    if (record[param] === undefined || record[param] === null) {
      return railError(400, "invalid_request_error", "parameter_missing", `Missing required param: ${param}.`, param);
    }
  }
  const { depositId, amount, currency } = record;
  if (typeof depositId !== "string" || !DEPOSIT_ID.test(depositId)) {
    return invalid("depositId", "depositId must be 1 to 255 letters, digits, '.', '_', ':' or '-'.");
  }
  if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0) {
    return invalid("amount", "amount must be a positive integer in the currency's smallest unit (e.g. 1500000 for 1.5 USDC).");
  }
  if (typeof currency !== "string" || !CURRENCY.test(currency)) {
    return invalid("currency", "currency must be an upper-case code of 2 to 12 letters or digits, such as USDC.");
  }
  return { depositId, amount, currency };
}

/**
 * POST /v1/deposits. The deposit id is the idempotency key (and must equal the `Idempotency-Key` header): a repeat
 * answers the deposit already made (200, `Idempotent-Replayed: true`), a different one under the same id 409.
 */
export async function createDeposit(request: EmulatorRequest, context: RailContext): Promise<Reply> {
  const wanted = idempotentRequest(request, context, "depositId", validate);
  if ("status" in wanted) return wanted;
  await settled(context);
  const existing = context.state.deposits.find((deposit) => deposit.depositId === wanted.depositId);
  if (existing !== undefined) {
    if (existing.amount !== wanted.amount || existing.currency !== wanted.currency) {
      return railError(
        409,
        "idempotency_error",
        "idempotency_key_reused",
        `Deposit ${wanted.depositId} already exists (${existing.id}) with a different amount or currency.`,
      );
    }
    return jsonReply(200, depositBody(existing), { "idempotent-replayed": "true" });
  }
  const now = context.now();
  const deposit: RailDeposit = {
    id: `dp_${Array.from(randomBytes(24), (byte) => BASE62[byte % 62]).join("")}`,
    ...wanted,
    createdAt: now,
    settlesAt: now + context.settleMs,
    settledAt: null,
  };
  context.state.deposits.push(deposit);
  await context.save();
  return jsonReply(201, depositBody(deposit));
}

/** GET /v1/deposits/by-id/{depositId} */
export async function depositByDepositId(request: EmulatorRequest, context: RailContext, depositId: string): Promise<Reply> {
  const refused = refusal(request, context);
  if (refused !== null) return refused;
  await settled(context);
  const deposit = context.state.deposits.find((candidate) => candidate.depositId === depositId);
  return deposit === undefined
    ? railError(404, "invalid_request_error", "resource_missing", `No such deposit: '${depositId}'.`, "depositId")
    : jsonReply(200, depositBody(deposit));
}
