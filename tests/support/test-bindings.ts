/** Configuration of the worker under test: local values, fixed test secrets, and the test emulators. */
export const testXClient = { clientId: "chorus-test", clientSecret: "chorus-test-secret" };
export const testMail = { apiKey: "chorus-test-mail-key", from: "Chorus <no-reply@chorus.test>" };
/**
 * The test payout rail settles a payout 1 s after it is made (or at once through its "Settle now" form:
 * `settlePayoutNow` in tests/support/payout-rail.ts). Its "fail every new payout" switch is shared by every test file
 * running at the same time, so tests make a payout fail with the address rule instead (an address ending in "dead").
 */
export const testPayoutRail = { apiKey: "chorus-test-payout-key", settleMs: 1000, webhookSecret: "chorus-test-payout-webhook-secret" };

/**
 * The test Bluesky stand-in allows 60 write points an hour per account (a post costs 3, so the 21st post of an
 * account in a test run is refused); every test that posts uses accounts of its own.
 */
export const testBluesky = { writePointsPerHour: 60 };

/** The test worker's Application Insights key (not the local one of wrangler.toml: nothing may depend on that value). */
export const testTelemetry = { instrumentationKey: "0e57c0de-7e57-4e57-8e57-00000000c0de" };

export type TestEmulatorPorts = { x: number; mail: number; payoutRail: number; telemetrySink: number; bluesky: number };

export function testBindings(ports: TestEmulatorPorts): Record<string, string> {
  const xEmulator = `http://127.0.0.1:${ports.x}`;
  return {
    ENVIRONMENT: "local",
    APP_ORIGINS: "http://127.0.0.1:8787,http://localhost:8787",
    ICON_ENDPOINT: "/icons",
    X_AUTHORIZE_URL: `${xEmulator}/i/oauth2/authorize`,
    X_API_BASE_URL: xEmulator,
    X_CLIENT_ID: testXClient.clientId,
    X_CLIENT_SECRET: testXClient.clientSecret,
    JWT_SIGNING_KEY: "test-signing-key-0123456789abcdef0123456789abcdef",
    TOKEN_ENCRYPTION_KEY: "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
    ADMIN_SPOOFING_SECRET: "test-spoofing-secret-0123456789",
    MAIL_API_URL: `http://127.0.0.1:${ports.mail}`,
    MAIL_FROM: testMail.from,
    MAIL_API_KEY: testMail.apiKey,
    PAYOUT_API_URL: `http://127.0.0.1:${ports.payoutRail}`,
    PAYOUT_API_KEY: testPayoutRail.apiKey,
    PAYOUT_WEBHOOK_SECRET: testPayoutRail.webhookSecret,
    BLUESKY_HANDLE_RESOLVER_URL: `http://127.0.0.1:${ports.bluesky}`,
    BLUESKY_PLC_DIRECTORY_URL: `http://127.0.0.1:${ports.bluesky}`,
    BLUESKY_APPVIEW_URL: `http://127.0.0.1:${ports.bluesky}`,
    APPLICATIONINSIGHTS_CONNECTION_STRING: `InstrumentationKey=${testTelemetry.instrumentationKey};IngestionEndpoint=http://127.0.0.1:${ports.telemetrySink}/`,
  };
}
