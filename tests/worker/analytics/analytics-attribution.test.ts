import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signInThroughX, TestBrowser } from "../support/browser.ts";

/*
 * First touch through the read login: the browser sends the first-touch values it kept (`first_utm_*`) beside the
 * last touch; they become the user's first touch once, and never change afterwards.
 */

const suffix = String(Date.now() % 1_000_000);

async function attributionOf(handle: string) {
  return env.DB.prepare(`SELECT a.* FROM user_attribution a JOIN users u ON u.id = a.user_id WHERE u.handle = ?`).bind(handle).first();
}

describe("first touch carried through the read login", () => {
  it("stores the browser's first-touch values as first touch, beside the last touch and the invitation", async () => {
    const handle = `fay_${suffix}`;
    await signInThroughX(handle, {
      first_utm_source: "podcast",
      first_utm_campaign: "autumn",
      utm_source: "newsletter",
      utm_campaign: "spring",
      utm_medium: "email",
      invite_id: "inv-42",
    });
    expect(await attributionOf(handle)).toMatchObject({
      first_utm_source: "podcast",
      first_utm_campaign: "autumn",
      first_utm_medium: null,
      utm_source: "newsletter",
      utm_campaign: "spring",
      utm_medium: "email",
      invite_id: "inv-42",
    });
  });

  it("never overwrites a first touch, not even partly, while the last touch follows each login", async () => {
    const handle = `gus_${suffix}`;
    await signInThroughX(handle, { utm_source: "search" });
    await signInThroughX(handle, { first_utm_source: "ads", first_utm_campaign: "winter", utm_source: "ads", utm_campaign: "winter" });
    expect(await attributionOf(handle)).toMatchObject({
      first_utm_source: "search",
      first_utm_campaign: null,
      utm_source: "ads",
      utm_campaign: "winter",
    });
  });

  it("takes the login's utm values as first touch when the browser kept none, and refuses an over-long first-touch value", async () => {
    const handle = `hal_${suffix}`;
    await signInThroughX(handle, { utm_campaign: "summer" });
    expect(await attributionOf(handle)).toMatchObject({ first_utm_campaign: "summer", utm_campaign: "summer" });
    const response = await new TestBrowser().fetch(`/auth/twitter/read/login?first_utm_term=${"x".repeat(3000)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ detail: [{ loc: ["query", "first_utm_term"], msg: "must be at most 2048 characters" }] });
  });

  it("stores the partner whose domain the sign-in was started on, and keeps it when a later sign-in names none", async () => {
    const handle = `ida_${suffix}`;
    await signInThroughX(handle, {
      trigger: "sign-in-prompt",
      domainType: "partner",
      partnerName: "acme",
      campaignId: "campaign-aurora-launch",
      campaignIndex: "2",
    });
    expect(await attributionOf(handle)).toMatchObject({ partner_name: "acme" });
    await signInThroughX(handle, { trigger: "header", domainType: "core" });
    expect(await attributionOf(handle)).toMatchObject({ partner_name: "acme" });
  });
});
