import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ClickRecord } from "../../../worker/contracts/click-record.ts";
import { handleReferralClickQueue } from "../../../worker/jobs/referral-click-consumer.ts";
import { clickArchiveKey } from "../../../worker/domain/referrals/store-clicks.ts";
import { expectConsoleErrors } from "../../support/console-guard.ts";

/*
 * The referral clicks queue's consumer (docs/decisions/050-clicks-off-the-visit-path.md), driven with deliveries made
 * here: the clicks counted per link and day and per device and address, archived, a delivery repeated counted once, a
 * failing D1 retried as a whole, and a message no visit sends dropped. (In a file of its own: no visit of another
 * test is on its way to the consumer meanwhile.)
 */

const at = Date.UTC(2027, 0, 15, 9, 30);
const click = (clickId: string, creatorUserId: string, deviceHash: string, addressHash: string): ClickRecord => ({
  clickId,
  code: "0123456789ab",
  campaignId: "campaign-consumer",
  creatorUserId,
  at,
  referrer: "https://x.com/",
  deviceHash,
  addressHash,
});

function delivery(messages: Array<{ id: string; body: unknown }>, attempts = 1) {
  return createMessageBatch<unknown>(
    "chorus-referral-clicks",
    messages.map(({ id, body }) => ({ id, body, attempts, timestamp: new Date(at) })),
  );
}

async function deliver(messages: Array<{ id: string; body: unknown }>, attempts = 1) {
  const batch = delivery(messages, attempts);
  const ctx = createExecutionContext();
  await handleReferralClickQueue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

async function counts() {
  const days = await env.DB.prepare(
    `SELECT user_id, day, clicks FROM referral_click_days WHERE campaign_id = 'campaign-consumer' ORDER BY user_id`,
  ).all();
  const sources = await env.DB.prepare(
    `SELECT source, clicks FROM referral_click_sources WHERE campaign_id = 'campaign-consumer' ORDER BY source`,
  ).all();
  return { days: days.results, sources: sources.results };
}

describe("the referral clicks queue consumer", () => {
  it("counts a delivery's clicks per link and day and per device and address, archives them, and counts a repeat once", async () => {
    const messages = [
      { id: "click-message-1", body: click("clk_one", "user-ada", "00000000000000d1", "00000000000000a1") },
      { id: "click-message-2", body: click("clk_two", "user-ada", "00000000000000d1", "00000000000000a2") },
      { id: "click-message-3", body: click("clk_three", "user-bob", "00000000000000d2", "00000000000000a2") },
    ];
    const result = await deliver(messages);
    expect(result.explicitAcks.sort()).toEqual(["click-message-1", "click-message-2", "click-message-3"]);
    const expected = {
      days: [
        { user_id: "user-ada", day: "2027-01-15", clicks: 2 },
        { user_id: "user-bob", day: "2027-01-15", clicks: 1 },
      ],
      sources: [
        { source: "address:00000000000000a1", clicks: 1 },
        { source: "address:00000000000000a2", clicks: 2 },
        { source: "device:00000000000000d1", clicks: 2 },
        { source: "device:00000000000000d2", clicks: 1 },
      ],
    };
    expect(await counts()).toEqual(expected);

    const listing = await env.ANALYTICS_ARCHIVE.list({ prefix: "referrals/clicks/day=2027-01-15/" });
    expect(listing.objects).toHaveLength(1);
    const archived = (await (await env.ANALYTICS_ARCHIVE.get(listing.objects[0]?.key ?? ""))?.text()) ?? "";
    expect(
      archived
        .trim()
        .split("\n")
        .map((line) => (JSON.parse(line) as ClickRecord).clickId),
    ).toEqual(["clk_one", "clk_two", "clk_three"]);
    expect(listing.objects[0]?.key).toMatch(/^referrals\/clicks\/day=2027-01-15\/[0-9a-f]{32}\.ndjson$/);
    expect(clickArchiveKey("2027-01-15", "b1")).toBe("referrals/clicks/day=2027-01-15/b1.ndjson");

    // The queue delivers at least once: the same messages again change nothing.
    expect((await deliver(messages, 2)).explicitAcks).toHaveLength(3);
    expect(await counts()).toEqual(expected);
  });

  it("retries every message when D1 fails, and drops a message no visit would send", async () => {
    const logged = expectConsoleErrors();
    const messages = [{ id: "click-message-4", body: click("clk_four", "user-cy", "00000000000000d3", "00000000000000a3") }];
    await env.DB.exec("ALTER TABLE referral_click_days RENAME TO referral_click_days_away");
    let failed;
    try {
      failed = await deliver([...messages, { id: "not-a-click", body: { clickId: 7 } }]);
    } finally {
      await env.DB.exec("ALTER TABLE referral_click_days_away RENAME TO referral_click_days");
    }
    expect(failed.explicitAcks).toEqual(["not-a-click"]);
    expect(failed.retryMessages.map((retry) => retry.msgId)).toEqual(["click-message-4"]);
    expect(logged()).toEqual([
      "Referral clicks queue: message not-a-click is not a click; dropped.",
      expect.stringContaining("Referral clicks queue: storing 1 click(s) failed; they will be retried."),
    ]);

    expect((await deliver(messages, 2)).explicitAcks).toEqual(["click-message-4"]);
    const cy = await env.DB.prepare(
      `SELECT clicks FROM referral_click_days WHERE campaign_id = 'campaign-consumer' AND user_id = 'user-cy'`,
    ).first();
    expect(cy).toEqual({ clicks: 1 });
  });
});
