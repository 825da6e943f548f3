import { unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import { deployProblems, type DeployConfig } from "../../scripts/deploy.ts";

/* `npm run deploy` refuses to ship local values (scripts/deploy.ts, docs/decisions/027-fuzzing-and-concurrency.md). */

const production = unstable_readConfig({ config: "wrangler.toml", env: "production" }, { hideWarnings: true });
const local = unstable_readConfig({ config: "wrangler.toml" }, { hideWarnings: true });

const ready: DeployConfig = {
  vars: {
    ENVIRONMENT: "production",
    APP_ORIGINS: "https://chorus.example.com",
    X_API_BASE_URL: "https://api.x.com",
    APPLICATIONINSIGHTS_CONNECTION_STRING:
      "InstrumentationKey=6f1c2a4e;IngestionEndpoint=https://westeurope-1.in.applicationinsights.azure.com/",
  },
  d1_databases: [{ binding: "DB" }],
  ratelimits: [{ name: "WRITE_RATE_LIMITER" }],
};

describe("the deploy check", () => {
  it("lets a production configuration with https URLs and every binding through", () => {
    expect(deployProblems(ready, { d1_databases: [{ binding: "DB" }], ratelimits: [{ name: "WRITE_RATE_LIMITER" }] })).toEqual([]);
  });

  it("refuses the local vars of wrangler.toml, naming each variable", () => {
    const problems = deployProblems(local);
    expect(problems[0]).toBe('ENVIRONMENT is "local", not "production": these are not the production vars.');
    expect(problems).toEqual(
      expect.arrayContaining([
        "X_API_BASE_URL uses http:// (http://127.0.0.1:8790); production URLs are https.",
        "X_API_BASE_URL points at this machine (http://127.0.0.1:8790).",
        "APP_ORIGINS points at this machine (http://127.0.0.1:8787,http://localhost:8787).",
        expect.stringMatching(/^APPLICATIONINSIGHTS_CONNECTION_STRING uses http:\/\//),
      ]),
    );
  });

  it("refuses a localhost or loopback URL even over https, and an http URL anywhere in a value", () => {
    for (const value of [
      "https://localhost:8443",
      "https://127.0.0.1/",
      "https://[::1]:8787",
      "x;IngestionEndpoint=http://sink.example/",
    ]) {
      const problems = deployProblems({ ...ready, vars: { ...ready.vars, PAYOUT_API_URL: value } });
      expect(problems.length, value).toBeGreaterThan(0);
      expect(problems.every((problem) => problem.startsWith("PAYOUT_API_URL "))).toBe(true);
    }
    expect(deployProblems({ ...ready, vars: { ...ready.vars, PAYOUT_API_URL: "https://localhost.payouts.example.com" } })).toEqual([]);
  });

  it("holds the production environment of wrangler.toml back only until its placeholders are replaced", () => {
    expect(production.workers_dev).toBe(false);
    expect(production.preview_urls).toBe(false);
    const problems = deployProblems(production, local);
    expect(problems.length).toBeGreaterThan(0);
    expect(
      problems.every((problem) => problem.includes("PRODUCTION_REPLACE_ME")),
      problems.join("\n"),
    ).toBe(true);
    expect(problems).toContain("X_CLIENT_ID is still the placeholder PRODUCTION_REPLACE_ME; set the real value in [env.production.vars].");
  });

  it("names a binding of the top level that the production environment lacks", () => {
    const withoutLimiter = { ...ready, ratelimits: [] };
    expect(deployProblems(withoutLimiter, { ratelimits: [{ name: "WRITE_RATE_LIMITER" }] })).toEqual([
      "Binding WRITE_RATE_LIMITER is missing from [env.production] (wrangler does not inherit bindings; repeat it there).",
    ]);
  });
});
