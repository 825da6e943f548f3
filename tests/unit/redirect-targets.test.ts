import { describe, expect, it } from "vitest";
import { safeRedirectTarget } from "../../worker/domain/accounts/redirect-targets.ts";

const appOrigin = "https://app.chorus.example";
const appOrigins = [appOrigin, "https://chorus.example"];
const partnerHostnames = ["rewards.partner.example"];

/** As the deployment answers it: app origins exactly, partner domains by their registered host name. */
const isServedOrigin = async (origin: string) => appOrigins.includes(origin) || partnerHostnames.includes(new URL(origin).hostname);

const target = async (value: string | undefined) => (await safeRedirectTarget(value, appOrigin, isServedOrigin)).toString();

describe("where a login may send the browser afterwards", () => {
  it("keeps paths on the site the login started from", async () => {
    expect(await target("/campaigns?tab=mine")).toBe(`${appOrigin}/campaigns?tab=mine`);
    expect(await target(undefined)).toBe(`${appOrigin}/`);
  });

  it("accepts another served origin, on the scheme and port the deployment serves", async () => {
    expect(await target("https://chorus.example/rewards")).toBe("https://chorus.example/rewards");
    expect(await target("https://rewards.partner.example/campaigns")).toBe("https://rewards.partner.example/campaigns");
    expect(await target("https://rewards.partner.example:443/campaigns")).toBe("https://rewards.partner.example/campaigns");
  });

  it("compares whole origins: a registered host on another scheme or port is not ours", async () => {
    for (const other of [
      "http://rewards.partner.example/campaigns",
      "https://rewards.partner.example:8443/campaigns",
      "http://chorus.example/rewards",
      "https://app.chorus.example:444/",
    ]) {
      expect(await target(other), other).toBe(`${appOrigin}/`);
    }
  });

  it("never leaves for a site it does not serve, however the target is written", async () => {
    for (const other of [
      "https://evil.example/steal",
      "//evil.example/steal",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "https://rewards.partner.example.evil.example/",
    ]) {
      expect(await target(other), other).toBe(`${appOrigin}/`);
    }
  });
});
