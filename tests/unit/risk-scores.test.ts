import { describe, expect, it } from "vitest";
import { isHeld, scoreCommission, scorePost, type CommissionEvidence, type PostEvidence } from "../../worker/domain/risk/score.ts";

const DAY = 86_400_000;
const convertedAt = Date.UTC(2026, 10, 20, 12, 0, 0);

const honestSale: CommissionEvidence = {
  ownWallet: false,
  convertedAt,
  click: { at: convertedAt - 2 * 60 * 60 * 1000 },
  creatorClicksThatDay: 12,
  clickFromCreatorDevice: false,
  deviceClicksThatDay: 1,
  addressClicksThatDay: 1,
  creatorJoinedAt: convertedAt - 90 * DAY,
};

describe("commission risk", () => {
  it("scores an honest sale 0 with no reasons", () => {
    expect(scoreCommission(honestSale)).toEqual({ score: 0, reasons: [] });
  });

  it("a sale to the creator's own wallet scores 80 and is held at the default threshold of 70", () => {
    const scored = scoreCommission({ ...honestSale, ownWallet: true });
    expect(scored).toEqual({
      score: 80,
      reasons: [{ signal: "own-wallet", points: 80, text: "The converting wallet is one of the creator's own verified wallets." }],
    });
    expect(isHeld(scored.score, 70)).toBe(true);
  });

  it("a conversion 12 s after its click adds 40; 4 minutes after adds 15; 6 minutes after adds nothing", () => {
    expect(scoreCommission({ ...honestSale, click: { at: convertedAt - 12_000 } })).toEqual({
      score: 40,
      reasons: [{ signal: "instant-conversion", points: 40, text: "The conversion came 12 s after its click." }],
    });
    expect(scoreCommission({ ...honestSale, click: { at: convertedAt - 240_000 } })).toEqual({
      score: 15,
      reasons: [{ signal: "quick-conversion", points: 15, text: "The conversion came 4 min after its click." }],
    });
    expect(scoreCommission({ ...honestSale, click: { at: convertedAt - 360_000 } }).score).toBe(0);
  });

  it("a conversion without a click is not judged by click timing", () => {
    expect(scoreCommission({ ...honestSale, click: null }).score).toBe(0);
  });

  it("200 clicks in a day add 15, 500 add 30", () => {
    expect(scoreCommission({ ...honestSale, creatorClicksThatDay: 199 }).score).toBe(0);
    expect(scoreCommission({ ...honestSale, creatorClicksThatDay: 200 }).reasons).toEqual([
      { signal: "busy-clicks", points: 15, text: "The creator's link had 200 clicks that day." },
    ]);
    expect(scoreCommission({ ...honestSale, creatorClicksThatDay: 500 }).reasons).toEqual([
      { signal: "click-flood", points: 30, text: "The creator's link had 500 clicks that day." },
    ]);
  });

  it("an account 2 days old adds 20, 10 days old adds 10, 14 days old adds nothing", () => {
    expect(scoreCommission({ ...honestSale, creatorJoinedAt: convertedAt - 2 * DAY - 1000 }).reasons).toEqual([
      { signal: "new-account", points: 20, text: "The creator's account was created 2 days before." },
    ]);
    expect(scoreCommission({ ...honestSale, creatorJoinedAt: convertedAt - 10 * DAY }).reasons).toEqual([
      { signal: "young-account", points: 10, text: "The creator's account was created 10 days before." },
    ]);
    expect(scoreCommission({ ...honestSale, creatorJoinedAt: convertedAt - 14 * DAY }).score).toBe(0);
  });

  it("holds a click from the creator's own signed-in device on its own (80 of the default 70)", () => {
    const scored = scoreCommission({ ...honestSale, clickFromCreatorDevice: true });
    expect(scored).toEqual({
      score: 80,
      reasons: [
        { signal: "own-device", points: 80, text: "The click came from the creator's own browser, signed in to their Chorus account." },
      ],
    });
    expect(isHeld(scored.score, 70)).toBe(true);
  });

  it("weighs click floods from one device (from 20 a day) and from one address (from 50 a day)", () => {
    expect(scoreCommission({ ...honestSale, deviceClicksThatDay: 19, addressClicksThatDay: 49 }).score).toBe(0);
    expect(scoreCommission({ ...honestSale, deviceClicksThatDay: 20 })).toEqual({
      score: 30,
      reasons: [{ signal: "device-flood", points: 30, text: "The click's device clicked this campaign's links 20 times that day." }],
    });
    expect(scoreCommission({ ...honestSale, deviceClicksThatDay: 25, addressClicksThatDay: 50 })).toEqual({
      score: 50,
      reasons: [
        { signal: "device-flood", points: 30, text: "The click's device clicked this campaign's links 25 times that day." },
        { signal: "address-flood", points: 20, text: "The click's network address clicked this campaign's links 50 times that day." },
      ],
    });
  });

  it("signals add up and the score stops at 100", () => {
    const scored = scoreCommission({
      ownWallet: true,
      convertedAt,
      click: { at: convertedAt - 3000 },
      creatorClicksThatDay: 800,
      creatorJoinedAt: convertedAt - 3600_000,
      clickFromCreatorDevice: false,
      deviceClicksThatDay: 1,
      addressClicksThatDay: 1,
    });
    expect(scored.score).toBe(100);
    expect(scored.reasons.map((reason) => [reason.signal, reason.points])).toEqual([
      ["own-wallet", 80],
      ["instant-conversion", 40],
      ["click-flood", 30],
      ["new-account", 20],
    ]);
    expect(scored.reasons[3]?.text).toBe("The creator's account was created less than a day before.");
  });

  it("the threshold holds at the score itself, not below it", () => {
    expect(isHeld(69, 70)).toBe(false);
    expect(isHeld(70, 70)).toBe(true);
  });
});

const scoredAt = Date.UTC(2026, 10, 20);
const ordinaryPost: PostEvidence = {
  impressions: 5000,
  likes: 120,
  reposts: 30,
  dailyImpressionGains: [900, 1200, 1400, 1500],
  sameTextOtherCreators: 0,
  creatorJoinedAt: scoredAt - 200 * DAY,
  scoredAt,
};

describe("pool post risk", () => {
  it("scores an ordinary post 0", () => {
    expect(scorePost(ordinaryPost)).toEqual({ score: 0, reasons: [] });
  });

  it("more likes and reposts than impressions adds 35", () => {
    expect(scorePost({ ...ordinaryPost, impressions: 100, likes: 150, reposts: 20, dailyImpressionGains: [] }).reasons).toEqual([
      { signal: "engagement-above-views", points: 35, text: "The post has more likes and reposts (170) than impressions (100)." },
    ]);
  });

  it("20,000 impressions with 15 likes and reposts adds 25; 999 impressions with none adds nothing", () => {
    expect(scorePost({ ...ordinaryPost, impressions: 20_000, likes: 10, reposts: 5, dailyImpressionGains: [] }).reasons).toEqual([
      { signal: "views-without-engagement", points: 25, text: "The post has 20000 impressions but only 15 likes and reposts." },
    ]);
    expect(scorePost({ ...ordinaryPost, impressions: 999, likes: 0, reposts: 0, dailyImpressionGains: [] }).score).toBe(0);
  });

  it("a day of 5,000 impressions after three days of about 10 adds 30; after two quiet days it does not", () => {
    expect(scorePost({ ...ordinaryPost, dailyImpressionGains: [8, 12, 10, 5000] }).reasons).toEqual([
      { signal: "burst-after-silence", points: 30, text: "The post gained 5000 impressions in a day after 3 quiet days." },
    ]);
    expect(scorePost({ ...ordinaryPost, dailyImpressionGains: [12, 10, 5000] }).score).toBe(0);
    expect(scorePost({ ...ordinaryPost, dailyImpressionGains: [0, 0, 0, 99] }).score).toBe(0);
  });

  it("the same text as 3 other creators' posts adds 30, and a week-old account 10", () => {
    expect(scorePost({ ...ordinaryPost, sameTextOtherCreators: 3, creatorJoinedAt: scoredAt - 7 * DAY })).toEqual({
      score: 40,
      reasons: [
        { signal: "copied-text", points: 30, text: "3 other creators posted the same text." },
        { signal: "young-account", points: 10, text: "The creator's account was created 7 days before." },
      ],
    });
  });
});
