import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AnalyticsQueueMessage } from "../../../worker/contracts/analytics.ts";
import { handleAnalyticsQueue } from "../../../worker/jobs/analytics-consumer.ts";
import { expectConsoleErrors } from "../../support/console-guard.ts";

/*
 * The analytics queue consumer when D1 fails: every message of the delivery is retried and nothing is half-written
 * (no message is marked as counted); the next delivery counts them. The failure is real: the rollup table is out of
 * the way for the first delivery. (In a
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

    await env.DB.exec("ALTER TABLE funnel_daily RENAME TO funnel_daily_away");
    const failing = delivery(messages, 1);
    const failingCtx = createExecutionContext();
    try {
      await handleAnalyticsQueue(failing, env, failingCtx);
    } finally {
      await env.DB.exec("ALTER TABLE funnel_daily_away RENAME TO funnel_daily");
    }
    const failed = await getQueueResult(failing, failingCtx);
    expect(failed.explicitAcks).toEqual([]);
    expect(failed.retryMessages.map((retry) => retry.msgId).sort()).toEqual(["retry-a", "retry-b"]);
    expect(logged()).toEqual([expect.stringContaining("storing 2 message(s) failed; they will be retried")]);

    const again = delivery(messages, 2);
    const againCtx = createExecutionContext();
    await handleAnalyticsQueue(again, env, againCtx);
    expect((await getQueueResult(again, againCtx)).explicitAcks.sort()).toEqual(["retry-a", "retry-b"]);
    const counted = await env.DB.prepare(
      `SELECT message_id FROM analytics_rollup_messages WHERE message_id LIKE 'retry-%' ORDER BY message_id`,
    ).all();
    expect(counted.results.map((row) => row.message_id)).toEqual(["retry-a", "retry-b"]);
  });
});
