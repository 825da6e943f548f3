import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AnalyticsQueueMessage } from "../../worker/contracts/analytics.ts";
import { handleAnalyticsQueue } from "../../worker/jobs/analytics-consumer.ts";
import { expectConsoleErrors } from "../support/console-guard.ts";

/*
 * The analytics queue consumer when D1 fails: every message of the delivery is retried and nothing is half-written;
 * the next delivery stores them. The failure is real: the table is out of the way for the first delivery. (In a
 * file of its own: no other test's events are on the way to the consumer meanwhile.)
 */

function delivery(messages: Array<{ id: string; body: AnalyticsQueueMessage }>, attempts: number) {
  return createMessageBatch<AnalyticsQueueMessage>(
    "chorus-analytics",
    messages.map(({ id, body }) => ({ id, body, attempts, timestamp: new Date() })),
  );
}

describe("the analytics queue consumer when D1 fails", () => {
  it("retries every message of the delivery, and a later delivery stores them once", async () => {
    const logged = expectConsoleErrors();
    const now = Date.now();
    const messages = ["a", "b"].map((device) => ({
      id: `retry-${device}`,
      body: {
        deviceId: `retry-device-${device}`,
        events: [{ id: `retry-event-${device}-1`, name: "landing_viewed", occurredAt: now, pagePath: "/" }],
        sessionUserId: null,
        receivedAt: now,
      },
    }));

    await env.DB.exec("ALTER TABLE analytics_events RENAME TO analytics_events_away");
    const failing = delivery(messages, 1);
    const failingCtx = createExecutionContext();
    try {
      await handleAnalyticsQueue(failing, env, failingCtx);
    } finally {
      await env.DB.exec("ALTER TABLE analytics_events_away RENAME TO analytics_events");
    }
    const failed = await getQueueResult(failing, failingCtx);
    expect(failed.explicitAcks).toEqual([]);
    expect(failed.retryMessages.map((retry) => retry.msgId).sort()).toEqual(["retry-a", "retry-b"]);
    expect(logged()).toEqual([expect.stringContaining("storing 2 message(s) failed; they will be retried")]);

    const again = delivery(messages, 2);
    const againCtx = createExecutionContext();
    await handleAnalyticsQueue(again, env, againCtx);
    expect((await getQueueResult(again, againCtx)).explicitAcks.sort()).toEqual(["retry-a", "retry-b"]);
    const stored = await env.DB.prepare(`SELECT device_id FROM analytics_events WHERE id LIKE 'retry-event-%' ORDER BY device_id`).all();
    expect(stored.results.map((row) => row.device_id)).toEqual(["retry-device-a", "retry-device-b"]);
  });
});
