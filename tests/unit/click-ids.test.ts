import { describe, expect, it } from "vitest";
import { CLICK_ID } from "../../worker/contracts/referrals.ts";
import { openClickId, sealClickId } from "../../worker/domain/referrals/click-ids.ts";

/* Click ids that carry their click (docs/decisions/050-clicks-off-the-visit-path.md). */

const key = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
const otherKey = "HxwdHh8AAQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRo=";
const click = {
  code: "0123456789ab",
  at: 1_800_000_000_123,
  attributionWindowDays: 30,
  byCreator: true,
  deviceHash: "00112233445566ff",
  addressHash: "a0b1c2d3e4f50617",
};

describe("click ids", () => {
  it("carry the click: its link, time, window, the creator flag and the hashes, with the end of its window", async () => {
    const clickId = await sealClickId(key, click);
    expect(clickId).toMatch(CLICK_ID);
    expect(await openClickId(key, clickId)).toEqual({
      clickId,
      code: "0123456789ab",
      at: 1_800_000_000_123,
      attributionWindowDays: 30,
      expiresAt: 1_802_592_000_123,
      byCreator: true,
      deviceHash: "00112233445566ff",
      addressHash: "a0b1c2d3e4f50617",
    });
  });

  it("differ for two visits with the same click", async () => {
    expect(await sealClickId(key, click)).not.toBe(await sealClickId(key, click));
  });

  it("do not open when altered, made with another key, cut short or not base64url", async () => {
    const clickId = await sealClickId(key, click);
    const altered = `${clickId.slice(0, 10)}${clickId[10] === "A" ? "B" : "A"}${clickId.slice(11)}`;
    expect(await openClickId(key, altered)).toBeNull();
    expect(await openClickId(otherKey, clickId)).toBeNull();
    expect(await openClickId(key, clickId.slice(0, 60))).toBeNull();
    expect(await openClickId(key, "clk_not*base64")).toBeNull();
    expect(await openClickId(key, "nothing-like-it")).toBeNull();
  });

  it("refuse a click they cannot carry: a window over 255 days, a code or hash of the wrong form", async () => {
    await expect(sealClickId(key, { ...click, attributionWindowDays: 256 })).rejects.toThrow("An attribution window is 0 to 255 days");
    await expect(sealClickId(key, { ...click, code: "xyz" })).rejects.toThrow("Expected 12 hex digits");
    await expect(sealClickId(key, { ...click, deviceHash: "00" })).rejects.toThrow("Expected 16 hex digits");
  });
});
