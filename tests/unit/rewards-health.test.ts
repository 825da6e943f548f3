import { describe, expect, it } from "vitest";
import { DAY, HOUR } from "../../worker/clock.ts";
import { campaignHealth, campaignPacing } from "../../worker/domain/campaigns/health.ts";
import { campaignWeekCount, campaignWeekWindow } from "../../worker/contracts/campaign-weeks.ts";
import { campaignStatusAt, maturityEndsAt, type LifecycleFacts } from "../../worker/domain/rewards/calendar.ts";
import {
  firstPollAt,
  MATURITY_GRACE,
  nextPollAfterFailure,
  nextPollAfterSuccess,
  readyToMature,
} from "../../worker/domain/rewards/poll-schedule.ts";

const start = Date.UTC(2026, 5, 1);
const end = start + 10 * DAY;

describe("campaign health from pacing", () => {
  const halfway = start + 5 * DAY;
  const at = (scoreSoFar: number, now = halfway) =>
    campaignHealth({ scoreSoFar, targetScore: 1_000_000, startsAt: start, endsAt: end, now, hasMetrics: true });

  it("is good at 80 % of the pace or more, moderate at 50 %, unhealthy below", () => {
    // Halfway through, the target for the time elapsed is 500 000.
    expect(at(500_000)).toBe("good");
    expect(at(400_000)).toBe("good");
    expect(at(399_999)).toBe("moderate");
    expect(at(250_000)).toBe("moderate");
    expect(at(249_999)).toBe("unhealthy");
    expect(at(0)).toBe("unhealthy");
  });

  it("is unknown before the first metrics", () => {
    expect(campaignHealth({ scoreSoFar: 0, targetScore: 100, startsAt: start, endsAt: end, now: halfway, hasMetrics: false })).toBe(
      "unknown",
    );
  });

  it("measures against the whole target once the campaign has ended", () => {
    expect(at(800_000, end + 3 * DAY)).toBe("good");
    expect(at(799_999, end + 3 * DAY)).toBe("moderate");
  });

  it("reports the pacing itself for display", () => {
    expect(
      campaignPacing({ scoreSoFar: 250_000, targetScore: 1_000_000, startsAt: start, endsAt: end, now: halfway, hasMetrics: true }),
    ).toBe(0.5);
    expect(campaignPacing({ scoreSoFar: 1, targetScore: 1, startsAt: start, endsAt: end, now: halfway, hasMetrics: false })).toBeNull();
  });
});

describe("campaign lifecycle", () => {
  const campaign = (overrides: Partial<LifecycleFacts> = {}): LifecycleFacts => ({
    status: "inactive",
    startsAt: start,
    endsAt: end,
    fundedAt: start - DAY,
    ...overrides,
  });

  it("goes live only when the start is reached AND the pool is funded", () => {
    expect(campaignStatusAt(campaign(), start - 1)).toBe("inactive");
    expect(campaignStatusAt(campaign(), start)).toBe("active");
    expect(campaignStatusAt(campaign({ fundedAt: null }), start + DAY)).toBe("inactive");
  });

  it("is ending in its last 24 hours, evaluating once ended, and never goes back", () => {
    expect(campaignStatusAt(campaign({ status: "active" }), end - DAY - 1)).toBe("active");
    expect(campaignStatusAt(campaign({ status: "active" }), end - DAY)).toBe("ending");
    expect(campaignStatusAt(campaign({ status: "ending" }), end)).toBe("evaluating");
    expect(campaignStatusAt(campaign({ status: "active" }), end + DAY)).toBe("evaluating");
    expect(campaignStatusAt(campaign({ status: "evaluated" }), start)).toBe("evaluated");
    expect(campaignStatusAt(campaign({ status: "evaluating" }), start)).toBe("evaluating");
  });

  it("counts 7-day weeks from the start, the last one possibly shorter", () => {
    expect(campaignWeekCount({ startsAt: start, endsAt: end })).toBe(2);
    expect(campaignWeekCount({ startsAt: start, endsAt: start + 14 * DAY })).toBe(2);
    expect(campaignWeekCount({ startsAt: start, endsAt: start + HOUR })).toBe(1);
    expect(campaignWeekWindow({ startsAt: start, endsAt: end }, 2)).toEqual({ start: start + 7 * DAY, end });
    expect(maturityEndsAt({ endsAt: end, maturityHours: 48 })).toBe(end + 2 * DAY);
  });
});

describe("polling schedule", () => {
  const posted = start;
  const matures = posted + 48 * HOUR;

  it("starts 15 minutes after posting and doubles the gap, ending with a poll at maturity", () => {
    expect(firstPollAt(posted, matures)).toBe(posted + 15 * 60_000);
    let now = firstPollAt(posted, matures);
    const times: number[] = [];
    for (let polls = 1; polls < 50; polls += 1) {
      const next = nextPollAfterSuccess({ now, maturesAt: matures, polls });
      if (next === null) break;
      times.push(next);
      now = next;
    }
    expect(times.at(-1)).toBe(matures);
    expect(times.length).toBeLessThan(12);
    expect(nextPollAfterSuccess({ now: matures, maturesAt: matures, polls: 9 })).toBeNull();
  });

  it("backs off after failures, never before X's rate-limit window reopens", () => {
    expect(nextPollAfterFailure({ now: posted, failures: 1, retryNotBefore: null })).toBe(posted + 5 * 60_000);
    expect(nextPollAfterFailure({ now: posted, failures: 3, retryNotBefore: null })).toBe(posted + 20 * 60_000);
    expect(nextPollAfterFailure({ now: posted, failures: 30, retryNotBefore: null })).toBe(posted + 6 * HOUR);
    expect(nextPollAfterFailure({ now: posted, failures: 1, retryNotBefore: posted + HOUR })).toBe(posted + HOUR);
  });

  it("matures a post on its final poll, or after the grace period without one", () => {
    expect(readyToMature({ now: matures - 1, maturesAt: matures, polledAt: matures - 1 })).toBe(false);
    expect(readyToMature({ now: matures, maturesAt: matures, polledAt: matures })).toBe(true);
    expect(readyToMature({ now: matures + HOUR, maturesAt: matures, polledAt: matures - HOUR })).toBe(false);
    expect(readyToMature({ now: matures + MATURITY_GRACE, maturesAt: matures, polledAt: null })).toBe(true);
  });
});
