import { describe, expect, it } from "vitest";
import { ConfigurationError, parseConfig } from "../../worker/config.ts";

const valid = {
  ENVIRONMENT: "local",
  APP_ORIGINS: "http://127.0.0.1:8787, http://localhost:8787",
  CORE_APP_DOMAIN: "localhost",
  DEDICATED_BRANDS: "aurora,nimbus",
  ICON_ENDPOINT: "/icons",
  X_AUTHORIZE_URL: "http://127.0.0.1:8790/i/oauth2/authorize",
  X_API_BASE_URL: "http://127.0.0.1:8790/",
  X_CLIENT_ID: "chorus-local",
  X_CLIENT_SECRET: "chorus-local-secret",
  JWT_SIGNING_KEY: "a-signing-key-of-at-least-32-characters",
  TOKEN_ENCRYPTION_KEY: "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
  ADMIN_SPOOFING_SECRET: "a-spoofing-secret-0123456789",
  MAIL_API_URL: "http://127.0.0.1:8791/",
  MAIL_FROM: "Chorus <no-reply@chorus.local>",
  MAIL_API_KEY: "chorus-local-mail-key",
  PAYOUT_API_URL: "http://127.0.0.1:8792",
  PAYOUT_API_KEY: "chorus-local-payout-key",
  PAYOUT_WEBHOOK_SECRET: "a-webhook-secret-0123456789",
  BLUESKY_HANDLE_RESOLVER_URL: "http://127.0.0.1:8794/",
  BLUESKY_PLC_DIRECTORY_URL: "http://127.0.0.1:8794",
  BLUESKY_APPVIEW_URL: "http://127.0.0.1:8794",
  APPLICATIONINSIGHTS_CONNECTION_STRING:
    "InstrumentationKey=6F1C2A4E-4B7D-4C2E-9A51-0C0FFEE0C0DE;IngestionEndpoint=http://127.0.0.1:8793/;LiveEndpoint=http://127.0.0.1:8793/",
};

/** Every outside service at its production (https) address. */
const productionServices = {
  ENVIRONMENT: "production",
  APP_ORIGINS: "https://chorus.example",
  X_AUTHORIZE_URL: "https://x.com/i/oauth2/authorize",
  X_API_BASE_URL: "https://api.x.com",
  MAIL_API_URL: "https://api.resend.com",
  PAYOUT_API_URL: "https://payouts.example.com",
  BLUESKY_HANDLE_RESOLVER_URL: "https://public.api.bsky.app",
  BLUESKY_PLC_DIRECTORY_URL: "https://plc.directory",
  BLUESKY_APPVIEW_URL: "https://public.api.bsky.app",
  APPLICATIONINSIGHTS_CONNECTION_STRING:
    "InstrumentationKey=6f1c2a4e-4b7d-4c2e-9a51-0c0ffee0c0de;IngestionEndpoint=https://in.example.com/",
};

/** A production configuration in which the variables named keep their local (http) values. */
function productionExcept(...local: (keyof typeof productionServices)[]): Record<string, string> {
  const production: Record<string, string> = { ...valid, ...productionServices };
  for (const name of local) production[name] = valid[name];
  return production;
}

describe("parseConfig", () => {
  it("parses the local defaults", () => {
    expect(parseConfig(valid)).toEqual({
      environment: "local",
      appOrigins: ["http://127.0.0.1:8787", "http://localhost:8787"],
      coreAppDomain: "localhost",
      dedicatedBrands: ["aurora", "nimbus"],
      iconEndpoint: "/icons",
      x: {
        authorizeUrl: "http://127.0.0.1:8790/i/oauth2/authorize",
        apiBaseUrl: "http://127.0.0.1:8790",
        clientId: "chorus-local",
        clientSecret: "chorus-local-secret",
      },
      paidApi: {
        network: "x",
        rates: { asOf: "2026-04-20", createPost: 15_000, createPostWithUrl: 200_000, readPost: 5_000, readOwnData: 1_000 },
      },
      mail: { apiUrl: "http://127.0.0.1:8791", apiKey: "chorus-local-mail-key", from: "Chorus <no-reply@chorus.local>" },
      payouts: { apiUrl: "http://127.0.0.1:8792", apiKey: "chorus-local-payout-key", webhookSecret: "a-webhook-secret-0123456789" },
      bluesky: {
        handleResolverUrl: "http://127.0.0.1:8794",
        plcDirectoryUrl: "http://127.0.0.1:8794",
        appViewUrl: "http://127.0.0.1:8794",
      },
      telemetry: { instrumentationKey: "6f1c2a4e-4b7d-4c2e-9a51-0c0ffee0c0de", ingestionEndpoint: "http://127.0.0.1:8793" },
      secrets: {
        jwtSigningKey: "a-signing-key-of-at-least-32-characters",
        tokenEncryptionKey: "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
        adminSpoofingSecret: "a-spoofing-secret-0123456789",
      },
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

  it("says how to make each secret when it is missing or weak", () => {
    expect(() => parseConfig({ ...valid, TOKEN_ENCRYPTION_KEY: "short", JWT_SIGNING_KEY: "short" })).toThrow(
      /TOKEN_ENCRYPTION_KEY must be 32 random bytes in base64 \(openssl rand -base64 32\)[\s\S]*JWT_SIGNING_KEY must be a secret of at least 32 characters|JWT_SIGNING_KEY must be a secret of at least 32 characters[\s\S]*TOKEN_ENCRYPTION_KEY must be 32 random bytes/,
    );
  });

  it("refuses local http services in production", () => {
    expect(() => parseConfig({ ...valid, ENVIRONMENT: "production", APP_ORIGINS: "https://chorus.example" })).toThrow(
      /X_AUTHORIZE_URL must use https in production[\s\S]*X_API_BASE_URL must use https in production/,
    );
  });

  it("refuses a local Bluesky stand-in in production", () => {
    const production = productionExcept("BLUESKY_HANDLE_RESOLVER_URL", "BLUESKY_PLC_DIRECTORY_URL", "BLUESKY_APPVIEW_URL");
    expect(() => parseConfig(production)).toThrow(
      /BLUESKY_HANDLE_RESOLVER_URL must use https in production \(got "http:\/\/127.0.0.1:8794\/"\)[\s\S]*BLUESKY_PLC_DIRECTORY_URL must use https[\s\S]*BLUESKY_APPVIEW_URL must use https/,
    );
  });

  it("refuses local mail and payout services in production", () => {
    const production = productionExcept("MAIL_API_URL", "PAYOUT_API_URL");
    expect(() => parseConfig(production)).toThrow(
      /MAIL_API_URL must use https in production \(got "http:\/\/127.0.0.1:8791\/"\)[\s\S]*PAYOUT_API_URL must use https in production/,
    );
    const config = parseConfig({
      ...production,
      MAIL_API_URL: "https://api.resend.com",
      PAYOUT_API_URL: "https://payouts.example.com/",
    });
    expect(config.mail.apiUrl).toBe("https://api.resend.com");
    expect(config.payouts.apiUrl).toBe("https://payouts.example.com");
  });

  it("names a bad mail sender, mail URL or missing API keys", () => {
    const { MAIL_API_KEY: _mailKey, ...withoutMailKey } = valid;
    const attempt = () => parseConfig({ ...withoutMailKey, MAIL_FROM: "Chorus", PAYOUT_API_URL: "not a url", PAYOUT_API_KEY: "short" });
    expect(attempt).toThrow(ConfigurationError);
    expect(attempt).toThrow(/MAIL_FROM must be a sender such as Chorus <no-reply@example.com> \(got "Chorus"\)/);
    expect(attempt).toThrow(/MAIL_API_KEY must be a string \(was missing\)/);
    expect(attempt).toThrow(/PAYOUT_API_URL/);
    expect(attempt).toThrow(/PAYOUT_API_KEY must be a secret of at least 8 characters/);
    expect(parseConfig({ ...valid, MAIL_FROM: "no-reply@chorus.example" }).mail.from).toBe("no-reply@chorus.example");
  });

  it("reads X's API rates from X_API_RATES in micro-dollars with their date, and names a bad part", () => {
    const rates = "asOf=2026-07-01,createPost=20000,createPostWithUrl=250000,readPost=6000,readOwnData=1500";
    expect(parseConfig({ ...valid, X_API_RATES: rates }).paidApi.rates).toEqual({
      asOf: "2026-07-01",
      createPost: 20_000,
      createPostWithUrl: 250_000,
      readPost: 6_000,
      readOwnData: 1_500,
    });
    const attempt = () => parseConfig({ ...valid, X_API_RATES: "asOf=2026-07-01,createPost=0.02,readPost=6000,readOwnData=1500" });
    expect(attempt).toThrow(/X_API_RATES must give createPost, createPostWithUrl in whole micro-dollars/);
    expect(() => parseConfig({ ...valid, X_API_RATES: "createPost=1" })).toThrow(/X_API_RATES must start with asOf=YYYY-MM-DD/);
  });

  it("reads the Application Insights connection string, whatever the order and case of its parts", () => {
    const config = parseConfig({
      ...valid,
      APPLICATIONINSIGHTS_CONNECTION_STRING:
        " ingestionendpoint=https://westeurope-5.in.applicationinsights.azure.com/ ; ApplicationId=abc ; instrumentationKey=6f1c2a4e-4b7d-4c2e-9a51-0c0ffee0c0de ;",
    });
    expect(config.telemetry).toEqual({
      instrumentationKey: "6f1c2a4e-4b7d-4c2e-9a51-0c0ffee0c0de",
      ingestionEndpoint: "https://westeurope-5.in.applicationinsights.azure.com",
    });
  });

  it("refuses a connection string without a usable key or ingestion endpoint, naming the variable", () => {
    const withoutVariable = { ...valid } as Record<string, unknown>;
    delete withoutVariable.APPLICATIONINSIGHTS_CONNECTION_STRING;
    expect(() => parseConfig(withoutVariable)).toThrow(/APPLICATIONINSIGHTS_CONNECTION_STRING must be a string \(was missing\)/);
    for (const bad of [
      "not a connection string",
      "InstrumentationKey=not-a-guid;IngestionEndpoint=https://in.applicationinsights.azure.com/",
      "InstrumentationKey=6f1c2a4e-4b7d-4c2e-9a51-0c0ffee0c0de",
      "InstrumentationKey=6f1c2a4e-4b7d-4c2e-9a51-0c0ffee0c0de;IngestionEndpoint=ftp://in.example.com/",
    ]) {
      expect(() => parseConfig({ ...valid, APPLICATIONINSIGHTS_CONNECTION_STRING: bad }), bad).toThrow(
        /APPLICATIONINSIGHTS_CONNECTION_STRING must .*(InstrumentationKey=<guid>;IngestionEndpoint=https:\/\/…|an http\(s\) IngestionEndpoint)/,
      );
    }
  });

  it("refuses an http ingestion endpoint in production", () => {
    const production = productionExcept("APPLICATIONINSIGHTS_CONNECTION_STRING");
    expect(() => parseConfig(production)).toThrow(
      /^Invalid configuration:\n- APPLICATIONINSIGHTS_CONNECTION_STRING must use https in production \(got "http:\/\/127.0.0.1:8793"\)$/,
    );
    const connectionString =
      "InstrumentationKey=6f1c2a4e-4b7d-4c2e-9a51-0c0ffee0c0de;IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/";
    expect(parseConfig({ ...production, APPLICATIONINSIGHTS_CONNECTION_STRING: connectionString }).telemetry.ingestionEndpoint).toBe(
      "https://westeurope-5.in.applicationinsights.azure.com",
    );
  });

  it("refuses a missing variable", () => {
    const { CORE_APP_DOMAIN: _omitted, ...rest } = valid;
    expect(() => parseConfig(rest)).toThrow(/CORE_APP_DOMAIN/);
  });
});
