import { randomBytes, timingSafeEqual } from "node:crypto";
import { header, jsonReply, type EmulatorRequest, type Reply } from "../shared/http.ts";
import { plannedOutcome, settleDue, statusOf } from "./settlement.ts";
import { NETWORKS, type Network, type RailPayout, type RailState } from "./state.ts";

/** What every handler works with: the state and its persistence, the clock, the API key, the settle delay. */
export type RailContext = {
  state: RailState;
  save(): Promise<void>;
  now(): number;
  apiKey: string;
  settleMs: number;
  /** Arms the timer that settles a new payout when its moment comes. */
  scheduleSettlement(payout: RailPayout): void;
  /** Calls the app's webhook about payouts that just settled (nothing when no webhook is configured). */
  announceSettled(payouts: readonly RailPayout[]): void;
};

type ErrorType = "authentication_error" | "invalid_request_error" | "idempotency_error" | "api_error";

/** Every error answers `{ error: { type, code, message, param? } }`, as the payment APIs this one is modelled on do. */
export function railError(status: number, type: ErrorType, code: string, message: string, param?: string): Reply {
  return jsonReply(status, { error: { type, code, message, ...(param === undefined ? {} : { param }) } });
}

export const NOT_FOUND = (path: string) =>
  railError(
    404,
    "invalid_request_error",
    "unknown_endpoint",
    `Unrecognized request URL (${path}). See the rail's home page for its endpoints.`,
  );

function sameKey(expected: string, presented: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function refusal(request: EmulatorRequest, context: RailContext): Reply | null {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(header(request, "authorization") ?? "")?.[1];
  if (presented === undefined) {
    return railError(401, "authentication_error", "missing_api_key", "No API key provided. Send `Authorization: Bearer {API key}`.");
  }
  return sameKey(context.apiKey, presented) ? null : railError(401, "authentication_error", "invalid_api_key", "Invalid API key provided.");
}

/** Settles what is due before anything is read, so an answer never shows a payout pending past its moment. */
export async function settled(context: RailContext): Promise<void> {
  const due = settleDue(context.state, context.now());
  if (!due.changed) return;
  await context.save();
  context.announceSettled(due.payouts);
}

const isoTime = (at: number) => new Date(at).toISOString();

export function payoutBody(payout: RailPayout) {
  const status = statusOf(payout);
  return {
    object: "payout",
    id: payout.id,
    withdrawalId: payout.withdrawalId,
    amount: payout.amount,
    currency: payout.currency,
    network: payout.network,
    address: payout.address,
    status,
    failureReason: status === "failed" ? payout.outcomeReason : null,
    createdAt: isoTime(payout.createdAt),
    settledAt: payout.settledAt === null ? null : isoTime(payout.settledAt),
  };
}

const WITHDRAWAL_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,254}$/;
const CURRENCY = /^[A-Z0-9]{2,12}$/;
const ADDRESS_FORMATS: Record<Network, { pattern: RegExp; description: string }> = {
  evm: { pattern: /^0x[0-9a-fA-F]{40}$/, description: "0x followed by 40 hexadecimal digits" },
  solana: { pattern: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/, description: "32 to 44 base58 characters" },
};

type PayoutRequest = { withdrawalId: string; amount: number; currency: string; network: Network; address: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isNetwork(value: unknown): value is Network {
  return NETWORKS.some((network) => network === value);
}

function validate(body: unknown): PayoutRequest | Reply {
  if (!isRecord(body)) return railError(400, "invalid_request_error", "invalid_body", "The request body must be a JSON object.");
  const invalid = (param: string, message: string) => railError(400, "invalid_request_error", "parameter_invalid", message, param);
  for (const param of ["withdrawalId", "amount", "currency", "network", "address"]) {
    if (body[param] === undefined || body[param] === null) {
      return railError(400, "invalid_request_error", "parameter_missing", `Missing required param: ${param}.`, param);
    }
  }
  const { withdrawalId, amount, currency, network, address } = body;
  if (typeof withdrawalId !== "string" || !WITHDRAWAL_ID.test(withdrawalId)) {
    return invalid("withdrawalId", "withdrawalId must be 1 to 255 letters, digits, '.', '_', ':' or '-'.");
  }
  if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0) {
    return invalid("amount", "amount must be a positive integer in the currency's smallest unit (e.g. 1500000 for 1.5 USDC).");
  }
  if (typeof currency !== "string" || !CURRENCY.test(currency)) {
    return invalid("currency", "currency must be an upper-case code of 2 to 12 letters or digits, such as USDC.");
  }
  if (!isNetwork(network)) return invalid("network", `network must be one of ${NETWORKS.join(", ")}.`);
  const format = ADDRESS_FORMATS[network];
  if (typeof address !== "string" || !format.pattern.test(address)) {
    return invalid("address", `address is not a ${network} address (${format.description}).`);
  }
  return { withdrawalId, amount, currency, network, address };
}

function sameRequest(payout: RailPayout, request: PayoutRequest): boolean {
  return (
    payout.amount === request.amount &&
    payout.currency === request.currency &&
    payout.network === request.network &&
    payout.address === request.address
  );
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function newPayoutId(): string {
  return `po_${Array.from(randomBytes(24), (byte) => BASE62[byte % 62]).join("")}`;
}

/**
 * What every create call of the rail checks before looking at its state: the API key, an `Idempotency-Key` header,
 * a JSON body that `validate` accepts, and a key equal to the body's own id (`idField`: the withdrawal or deposit
 * id). Answers the request or the refusal to send back.
 */
export function idempotentRequest<Wanted extends Record<IdField, string>, IdField extends string>(
  request: EmulatorRequest,
  context: RailContext,
  idField: IdField,
  validate: (body: unknown) => Wanted | Reply,
): Wanted | Reply {
  const refused = refusal(request, context);
  if (refused !== null) return refused;
  const subject = idField === "withdrawalId" ? "withdrawal" : "deposit";
  const key = header(request, "idempotency-key")?.trim();
  if (key === undefined || key === "") {
    return railError(
      400,
      "invalid_request_error",
      "idempotency_key_missing",
      `This endpoint requires an Idempotency-Key header holding the ${subject} id.`,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(request.body);
  } catch {
    return railError(400, "invalid_request_error", "invalid_body", "The request body is not valid JSON.");
  }
  const wanted = validate(body);
  if ("status" in wanted) return wanted;
  if (key !== wanted[idField]) {
    return railError(
      400,
      "idempotency_error",
      "idempotency_key_mismatch",
      `The Idempotency-Key header (${key}) must equal the body's ${idField} (${wanted[idField]}).`,
    );
  }
  return wanted;
}

/**
 * POST /v1/payouts. The withdrawal id is the idempotency key: a repeat answers the payout already made (200,
 * `Idempotent-Replayed: true`) and a different request under the same key is refused (409); a withdrawal is never
 * paid twice.
 */
export async function createPayout(request: EmulatorRequest, context: RailContext): Promise<Reply> {
  const wanted = idempotentRequest(request, context, "withdrawalId", validate);
  if ("status" in wanted) return wanted;

  await settled(context);
  const existing = context.state.payouts.find((payout) => payout.withdrawalId === wanted.withdrawalId);
  if (existing !== undefined) {
    if (!sameRequest(existing, wanted)) {
      return railError(
        409,
        "idempotency_error",
        "idempotency_key_reused",
        `Withdrawal ${wanted.withdrawalId} already has payout ${existing.id} with a different amount, currency, network or address; a withdrawal is paid at most once.`,
      );
    }
    return jsonReply(200, payoutBody(existing), { "idempotent-replayed": "true" });
  }

  const now = context.now();
  const payout: RailPayout = {
    id: newPayoutId(),
    ...wanted,
    createdAt: now,
    settlesAt: now + context.settleMs,
    ...plannedOutcome(wanted.address, context.state.failNewPayouts),
    settledAt: null,
  };
  context.state.payouts.push(payout);
  await context.save();
  context.scheduleSettlement(payout);
  return jsonReply(201, payoutBody(payout));
}

function noSuchPayout(what: string): Reply {
  return railError(404, "invalid_request_error", "resource_missing", `No such payout: ${what}.`, "id");
}

/** GET /v1/payouts/{id} */
export async function payoutById(request: EmulatorRequest, context: RailContext, id: string): Promise<Reply> {
  const refused = refusal(request, context);
  if (refused !== null) return refused;
  await settled(context);
  const payout = context.state.payouts.find((candidate) => candidate.id === id);
  return payout === undefined ? noSuchPayout(`'${id}'`) : jsonReply(200, payoutBody(payout));
}

/** GET /v1/payouts/by-withdrawal/{withdrawalId}: how a caller that lost the answer finds out whether it paid. */
export async function payoutByWithdrawal(request: EmulatorRequest, context: RailContext, withdrawalId: string): Promise<Reply> {
  const refused = refusal(request, context);
  if (refused !== null) return refused;
  await settled(context);
  const payout = context.state.payouts.find((candidate) => candidate.withdrawalId === withdrawalId);
  return payout === undefined ? noSuchPayout(`none for withdrawal '${withdrawalId}'`) : jsonReply(200, payoutBody(payout));
}
