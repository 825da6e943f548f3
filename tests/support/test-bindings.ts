/** Configuration of the worker under test: local values, fixed test secrets, and the test X emulator. */
export const testXClient = { clientId: "chorus-test", clientSecret: "chorus-test-secret" };

export function testBindings(xEmulatorPort: number): Record<string, string> {
  const xEmulator = `http://127.0.0.1:${xEmulatorPort}`;
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
  };
}
