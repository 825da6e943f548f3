import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoWorld } from "../../fixtures/demo-world.ts";
import { parseSignupAccount } from "../../worker/db/users.ts";
import { createMailEmulator } from "../../emulators/mail/server.ts";
import { createPayoutRailEmulator } from "../../emulators/payout-rail/server.ts";
import { createTelemetrySink } from "../../emulators/telemetry-sink/server.ts";
import { createBlueskyEmulator } from "../../emulators/bluesky/server.ts";
import { createXEmulator } from "../../emulators/x/server.ts";
import { PAYOUT_WEBHOOK_PATH } from "../../worker/contracts/payout-webhook.ts";
import { createWebhookInbox } from "./webhook-inbox-server.ts";
import { testBluesky, testMail, testPayoutRail, testXClient } from "./test-bindings.ts";

/**
 * Vitest global setup (runs in Node): the real emulators of the outside services — X, the mail outbox, the payout
 * rail, the telemetry sink and the Bluesky stand-in — on the ports the config reserved, reached by the worker under test over real HTTP. Their state lives in a
 * temporary directory removed afterwards. The rail's webhooks go to the webhook inbox, which tests read and hand to the worker.
 */
export default async function startEmulators() {
  const directory = mkdtempSync(join(tmpdir(), "chorus-emulators-"));
  const emulators = [
    createXEmulator({
      port: Number(process.env.CHORUS_TEST_X_EMULATOR_PORT),
      statePath: join(directory, "x.json"),
      clientId: testXClient.clientId,
      clientSecret: testXClient.clientSecret,
      redirectUris: [],
      allowLocalRedirects: true,
      // The demo world's people exist on X from the start, as `npm start` makes them (README "Run it").
      knownAccounts: demoWorld(Date.now()).users.map(({ user }) => ({
        id: parseSignupAccount(user.signupAccount).subject,
        username: user.handle,
        name: user.name,
      })),
    }),
    createMailEmulator({
      port: Number(process.env.CHORUS_TEST_MAIL_EMULATOR_PORT),
      statePath: join(directory, "mail.json"),
      apiKey: testMail.apiKey,
    }),
    createPayoutRailEmulator({
      port: Number(process.env.CHORUS_TEST_PAYOUT_EMULATOR_PORT),
      statePath: join(directory, "payout-rail.json"),
      apiKey: testPayoutRail.apiKey,
      settleMs: testPayoutRail.settleMs,
      webhook: {
        url: `http://127.0.0.1:${process.env.CHORUS_TEST_WEBHOOK_INBOX_PORT}${PAYOUT_WEBHOOK_PATH}`,
        secret: testPayoutRail.webhookSecret,
      },
    }),
    createWebhookInbox({ port: Number(process.env.CHORUS_TEST_WEBHOOK_INBOX_PORT) }),
    createTelemetrySink({
      port: Number(process.env.CHORUS_TEST_TELEMETRY_SINK_PORT),
      statePath: join(directory, "telemetry-sink.json"),
    }),
    createBlueskyEmulator({
      port: Number(process.env.CHORUS_TEST_BLUESKY_EMULATOR_PORT),
      statePath: join(directory, "bluesky.json"),
      // Low enough that a test reaches it with a handful of posts (Bluesky's own is 5,000 points an hour).
      writeLimits: { pointsPerHour: testBluesky.writePointsPerHour },
    }),
  ];
  await Promise.all(emulators.map((emulator) => emulator.start()));
  return async () => {
    await Promise.all(emulators.map((emulator) => emulator.stop()));
    rmSync(directory, { recursive: true, force: true });
  };
}
