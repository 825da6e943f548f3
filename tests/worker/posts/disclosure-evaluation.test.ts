import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DAY, HOUR, systemClock } from "../../../worker/clock.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import { runScheduledWork } from "../../../worker/jobs/scheduler.ts";
import { buildCampaign } from "../../../fixtures/factories.ts";
import { fixedClock } from "../../support/clock.ts";
import { editPostTextOnX, removePaidPartnershipLabel } from "../../support/x-emulator-controls.ts";
import { fetchWorker } from "../support/fetch.ts";
import { creatorOnX, insertAdvertiser, schedulerDeps, type TestCreator } from "../support/rewards.ts";

/**
 * Evaluation reads the disclosure back (docs/decisions/041-disclosure.md): a post whose "Paid partnership" label was
 * removed on X, or whose text no longer opens with the disclosure, is not eligible when it matures, with the reason
 * its creator reads.
 */

async function publish(creator: TestCreator, campaignId: string, content: string): Promise<{ id: string; networkPostId: string }> {
  const response = await fetchWorker("/v1/action/post/create", {
    method: "POST",
    headers: { Authorization: `Bearer ${creator.apiToken}`, "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
    body: JSON.stringify({ content, campaignId }),
  });
  expect(response.status).toBe(201);
  return response.json();
}

async function statusOf(postId: string) {
  const row = await env.DB.prepare(`SELECT status, status_reasons FROM posts WHERE id = ?`).bind(postId).first<{
    status: string;
    status_reasons: string;
  }>();
  return { status: row?.status, reasons: JSON.parse(row?.status_reasons ?? "[]") as { code: string; message: string }[] };
}

describe("evaluation checks the disclosure and X's label", () => {
  it("keeps an untouched post eligible, and makes a post not eligible when its label is removed or its #ad edited away", async () => {
    const now = systemClock.now();
    const advertiser = await insertAdvertiser(`disclosure-${crypto.randomUUID().slice(0, 6)}`);
    const campaign = buildCampaign(`disclosure-${crypto.randomUUID().slice(0, 8)}`, advertiser, "active", now, {
      startsAt: now - DAY,
      endsAt: now + 10 * DAY,
      fundedAt: now - DAY,
    });
    const creator = await creatorOnX("disc");
    await env.DB.batch([
      insertCampaignStatement(env.DB, campaign),
      ...joinCampaignStatements(env.DB, campaign.id, creator.userId, now - HOUR),
    ]);
    const untouched = await publish(creator, campaign.id, "#ad Untouched post");
    const unlabelled = await publish(creator, campaign.id, "#ad Label removed later");
    const edited = await publish(creator, campaign.id, "#ad Disclosure edited away later");

    await removePaidPartnershipLabel(env.X_API_BASE_URL, unlabelled.networkPostId);
    await editPostTextOnX(env.X_API_BASE_URL, edited.networkPostId, "Disclosure edited away later");

    // Past maturity (48 h): the scheduler polls each post once more, then matures it with what X showed.
    const report = await runScheduledWork(schedulerDeps(fixedClock(now + 49 * HOUR)));
    expect(report.polling.polled).toBeGreaterThanOrEqual(3);

    expect(await statusOf(untouched.id)).toEqual({
      status: "eligible",
      reasons: [{ code: "meets-rules", message: "Meets every rule of the campaign." }],
    });
    expect(await statusOf(unlabelled.id)).toEqual({
      status: "not-eligible",
      reasons: [
        {
          code: "paid-partnership-label-removed",
          message: 'The post\'s "Paid partnership" label was removed on X: a sponsored post must keep it.',
        },
      ],
    });
    expect(await statusOf(edited.id)).toEqual({
      status: "not-eligible",
      reasons: [
        { code: "missing-disclosure", message: "The post no longer opens with #ad: a sponsored post must say it is an ad, up front." },
      ],
    });
  });
});
