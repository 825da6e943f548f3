import { formFields, htmlReply, redirectReply, routing, wantsPage, type EmulatorRequest, type Reply } from "../shared/http.ts";
import { createEmulator, type Emulator, type EmulatorPlace } from "../shared/server.ts";
import { safeDecode } from "../shared/serving.ts";
import { NOT_FOUND, createPayout, payoutById, payoutByWithdrawal, railError, settled, type RailContext } from "./api.ts";
import { createDeposit, depositByDepositId } from "./deposits.ts";
import { FAIL_SWITCH_PATH, homePage, notFoundPage } from "./pages.ts";
import { settleDue, settleNow } from "./settlement.ts";
import { emptyState, parseState, type RailPayout } from "./state.ts";
import { createWebhookSender, type WebhookSender, type WebhookTarget } from "./webhooks.ts";

/** Its state file keeps the payouts, the deposits and the fail switch. */
export type PayoutRailEmulatorOptions = EmulatorPlace & {
  /** The one API key the rail accepts, as `Authorization: Bearer {apiKey}`. */
  apiKey: string;
  /** How long a payout stays pending. Default 3 000 ms. */
  settleMs?: number;
  /** The emulator's clock (epoch ms): creation and settlement times. */
  now?: () => number;
  /**
   * Where to announce settled payouts, and the secret that signs them (docs/decisions/032-spec-server-items.md
   * section 4); without it the app learns of settlements only by asking.
   */
  webhook?: WebhookTarget | null;
};

export type PayoutRailEmulator = Emulator;

/** A payout request is a few hundred bytes; anything near this is a mistake. */
const MAX_BODY_BYTES = 64 * 1024;

export const DEFAULT_SETTLE_MS = 3000;

async function home(context: RailContext, webhooks: { url: string | null; sender: WebhookSender }): Promise<Reply> {
  await settled(context);
  return htmlReply(
    200,
    homePage({
      payouts: context.state.payouts,
      deposits: context.state.deposits,
      failNewPayouts: context.state.failNewPayouts,
      settleMs: context.settleMs,
      webhookUrl: webhooks.url,
      webhookDeliveries: webhooks.sender.deliveries(),
    }),
  );
}

/** The home page's switch (a form field `fail` = `on` or `off`). */
async function setFailSwitch(request: EmulatorRequest, context: RailContext): Promise<Reply> {
  const fail = formFields(request).get("fail");
  if (fail !== "on" && fail !== "off") {
    return railError(400, "invalid_request_error", "parameter_invalid", "The form field `fail` must be `on` or `off`.", "fail");
  }
  context.state.failNewPayouts = fail === "on";
  await context.save();
  return redirectReply(303, "/");
}

async function settleFromPage(context: RailContext, payoutId: string): Promise<Reply> {
  const payout = context.state.payouts.find((candidate) => candidate.id === payoutId);
  if (payout === undefined) return htmlReply(404, notFoundPage(`payout ${payoutId}`));
  if (settleNow(payout, context.now())) {
    await context.save();
    context.announceSettled([payout]);
  }
  return redirectReply(303, "/");
}

const PAYOUT_PATH = /^\/v1\/payouts\/([^/]+)$/;
const BY_WITHDRAWAL_PATH = /^\/v1\/payouts\/by-withdrawal\/([^/]+)$/;
const DEPOSIT_PATH = /^\/v1\/deposits\/by-id\/([^/]+)$/;
const SETTLE_PATH = /^\/emulator\/payouts\/([^/]+)\/settle$/;

async function route(
  request: EmulatorRequest,
  context: RailContext,
  webhooks: { url: string | null; sender: WebhookSender },
): Promise<Reply> {
  const { path, method, is } = routing(request);

  if (is("GET", "/")) return home(context, webhooks);
  if (is("POST", FAIL_SWITCH_PATH)) return setFailSwitch(request, context);
  const settleId = method === "POST" ? SETTLE_PATH.exec(path)?.[1] : undefined;
  if (settleId !== undefined) return settleFromPage(context, safeDecode(settleId));
  if (is("POST", "/v1/payouts")) return createPayout(request, context);
  if (is("POST", "/v1/deposits")) return createDeposit(request, context);
  const depositId = method === "GET" ? DEPOSIT_PATH.exec(path)?.[1] : undefined;
  if (depositId !== undefined) return depositByDepositId(request, context, safeDecode(depositId));
  const withdrawalId = method === "GET" ? BY_WITHDRAWAL_PATH.exec(path)?.[1] : undefined;
  if (withdrawalId !== undefined) return payoutByWithdrawal(request, context, safeDecode(withdrawalId));
  const payoutId = method === "GET" ? PAYOUT_PATH.exec(path)?.[1] : undefined;
  if (payoutId !== undefined) return payoutById(request, context, safeDecode(payoutId));
  if (path.startsWith("/v1/")) return NOT_FOUND(`${request.method} ${path}`);
  return wantsPage(request) ? htmlReply(404, notFoundPage(path)) : NOT_FOUND(`${request.method} ${path}`);
}

/**
 * A local stand-in for a payout provider (docs/decisions/012-mail-and-payout-rail.md): payouts created with an
 * idempotency key, pending for a short while, then completed or failed. The product reaches it through the same
 * client and configuration it uses for the real provider (only PAYOUT_API_URL and PAYOUT_API_KEY differ).
 */
export function createPayoutRailEmulator(options: PayoutRailEmulatorOptions): PayoutRailEmulator {
  const now = options.now ?? (() => Date.now());
  const settleMs = options.settleMs ?? DEFAULT_SETTLE_MS;
  // A new sender per start: stopping cancels the retries of the last run.
  const webhooks = { url: options.webhook?.url ?? null, sender: createWebhookSender(null, now) };
  const timers = new Set<NodeJS.Timeout>();

  return createEmulator(options, {
    name: "Payout rail",
    baseUrl: "http://payout-rail.local",
    state: { empty: emptyState, parse: parseState },
    maxBodyBytes: () => MAX_BODY_BYTES,
    async open(file) {
      webhooks.sender = createWebhookSender(options.webhook ?? null, now);

      // The timers only keep the file and the page current; every answer settles from the clock anyway.
      const settleOnTime = (payout: RailPayout) => {
        const timer = setTimeout(
          () => {
            timers.delete(timer);
            // A timer may fire a millisecond before the wall clock reaches its moment: then it is armed again.
            if (payout.settledAt === null && payout.settlesAt > now()) return settleOnTime(payout);
            const due = settleDue(file.state, now());
            if (due.changed) {
              file.save().then(
                () => webhooks.sender.announce(due.payouts),
                (error: unknown) => console.error("Payout rail: could not save a settlement", error),
              );
            }
          },
          Math.max(0, payout.settlesAt - now()),
        );
        timer.unref();
        timers.add(timer);
      };
      const context: RailContext = {
        state: file.state,
        save: () => file.save(),
        now,
        apiKey: options.apiKey,
        settleMs,
        scheduleSettlement: settleOnTime,
        announceSettled: (payouts) => webhooks.sender.announce(payouts),
      };
      // Payouts that came due while the rail was stopped settle now; the others get their timers back.
      await settled(context);
      for (const payout of file.state.payouts) if (payout.settledAt === null) settleOnTime(payout);
      return context;
    },
    route: (request, context) => route(request, context, webhooks),
    tooLarge: (message) => railError(413, "invalid_request_error", "body_too_large", message),
    failed: () => railError(500, "api_error", "emulator_failed", "The payout rail emulator failed; see its log."),
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      webhooks.sender.stop();
    },
  });
}
