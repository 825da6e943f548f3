import { describe, expect, it } from "vitest";
import { ConfigurationError, parseConfig } from "../../worker/config.ts";

const valid = {
  ENVIRONMENT: "local",
  APP_ORIGINS: "http://127.0.0.1:8787, http://localhost:8787",
  CORE_APP_DOMAIN: "localhost",
  DEDICATED_BRANDS: "aurora,nimbus",
};

describe("parseConfig", () => {
  it("parses the local defaults", () => {
    expect(parseConfig(valid)).toEqual({
      environment: "local",
      appOrigins: ["http://127.0.0.1:8787", "http://localhost:8787"],
      coreAppDomain: "localhost",
      dedicatedBrands: ["aurora", "nimbus"],
    });
  });

  it("names every bad variable in one message", () => {
    const attempt = () =>
      parseConfig({ ...valid, ENVIRONMENT: "staging", APP_ORIGINS: "https://app.example.com/path", DEDICATED_BRANDS: "one" });
    expect(attempt).toThrow(ConfigurationError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("ENVIRONMENT");
      expect(message).toContain("APP_ORIGINS must hold bare origins without a path or trailing slash");
      expect(message).toContain("DEDICATED_BRANDS must name exactly two brands");
    }
  });

  it("refuses a missing variable", () => {
    const { CORE_APP_DOMAIN: _omitted, ...rest } = valid;
    expect(() => parseConfig(rest)).toThrow(/CORE_APP_DOMAIN/);
  });
});
