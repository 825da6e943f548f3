import { createHmac, randomBytes } from "node:crypto";
import { PAYOUT_SIGNATURE_HEADER } from "../../worker/contracts/payout-webhook.ts";
import { payoutBody } from "./api.ts";
import type { RailPayout } from "./state.ts";
import { statusOf } from "./settlement.ts";

/**
 * The rail calls the app back when a payout settles (docs/decisions/032-spec-server-items.md section 4), as real
 * providers do: `POST {url}` with the event `{ id, type: "payout.completed" | "payout.failed", createdAt, data: the
 * payout }` and `Payout-Signature: t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{raw body}" with the shared secret}`.
 * A delivery the app does not answer with 2xx is tried again after 1 s and 10 s (signed again each time); after that
 * the app's own polling finds the payout.
 */
export type WebhookTarget = { url: string; secret: string };

/** One delivery as the home page lists it. */
export type WebhookDelivery = {
  eventId: string;
  type: string;
  withdrawalId: string;
  attempts: number;
  /** The app's last answer ("200", "401", or why there was none). */
  lastResult: string;
  delivered: boolean;
};

export const WEBHOOK_RETRY_DELAYS_MS = [1_000, 10_000] as const;
const TIMEOUT_MS = 10_000;
const KEPT_DELIVERIES = 50;

/** The `Payout-Signature` of `body` signed at `now` (epoch ms). */
export function webhookSignature(secret: string, body: string, now: number): string {
  const timestamp = Math.floor(now / 1000);
  const digest = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${digest}`;
}

export type WebhookSender = {
  announce(payouts: readonly RailPayout[]): void;
  /** Newest first. */
  deliveries(): readonly WebhookDelivery[];
  stop(): void;
};

export function createWebhookSender(target: WebhookTarget | null, now: () => number): WebhookSender {
  const timers = new Set<NodeJS.Timeout>();
  const deliveries: WebhookDelivery[] = [];
  let stopped = false;

  async function attempt(delivery: WebhookDelivery, body: string, secret: string, url: string): Promise<void> {
    delivery.attempts += 1;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", [PAYOUT_SIGNATURE_HEADER]: webhookSignature(secret, body, now()) },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      delivery.lastResult = String(response.status);
      delivery.delivered = response.ok;
    } catch (error) {
      delivery.lastResult = error instanceof Error ? error.message : String(error);
    }
    if (delivery.delivered || stopped) return;
    const delay = WEBHOOK_RETRY_DELAYS_MS[delivery.attempts - 1];
    if (delay === undefined) {
      console.warn(`Payout rail: the webhook ${delivery.type} of ${delivery.withdrawalId} was not accepted (${delivery.lastResult})`);
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      void attempt(delivery, body, secret, url);
    }, delay);
    timer.unref();
    timers.add(timer);
  }

  return {
    announce(payouts) {
      if (target === null || stopped) return;
      for (const payout of payouts) {
        const type = `payout.${statusOf(payout)}`;
        const eventId = `evt_${randomBytes(12).toString("hex")}`;
        const body = JSON.stringify({ id: eventId, type, createdAt: new Date(now()).toISOString(), data: payoutBody(payout) });
        const delivery: WebhookDelivery = {
          eventId,
          type,
          withdrawalId: payout.withdrawalId,
          attempts: 0,
          lastResult: "sending",
          delivered: false,
        };
        deliveries.unshift(delivery);
        deliveries.length = Math.min(deliveries.length, KEPT_DELIVERIES);
        void attempt(delivery, body, target.secret, target.url);
      }
    },
    deliveries: () => deliveries,
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
