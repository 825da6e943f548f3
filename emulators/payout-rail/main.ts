/**
 * Runs the payout rail on its own: `node emulators/payout-rail/main.ts`.
 *
 *   PAYOUT_EMULATOR_PORT       port (default 8792)
 *   PAYOUT_EMULATOR_HOST       interface (default 127.0.0.1)
 *   PAYOUT_EMULATOR_STATE      state file (default .wrangler/emulators/payout-rail.json)
 *   PAYOUT_EMULATOR_SETTLE_MS  how long a payout stays pending (default 3000)
 *   PAYOUT_API_KEY             the API key it accepts (default chorus-local-payout-key, the local PAYOUT_API_KEY of .dev.vars)
 *   PAYOUT_EMULATOR_WEBHOOK_URL  where to announce settled payouts (the app's /v1/webhooks/payout-rail); none: no webhooks
 *   PAYOUT_WEBHOOK_SECRET      the secret that signs them (required with the URL; the app's PAYOUT_WEBHOOK_SECRET)
 */
import { portFrom, serveUntilStopped } from "../shared/command-line.ts";
import { DEFAULT_SETTLE_MS, createPayoutRailEmulator } from "./server.ts";

function settleMsFrom(value: string | undefined): number {
  const settleMs = value === undefined || value === "" ? DEFAULT_SETTLE_MS : Number(value);
  if (!Number.isInteger(settleMs) || settleMs < 0) {
    throw new Error(`PAYOUT_EMULATOR_SETTLE_MS must be a whole number of milliseconds, 0 or more (got "${value}")`);
  }
  return settleMs;
}

function webhookFrom(url: string | undefined, secret: string | undefined): { url: string; secret: string } | null {
  if (url === undefined || url === "") return null;
  if (!/^https?:\/\/\S+$/.test(url)) throw new Error(`PAYOUT_EMULATOR_WEBHOOK_URL must be an http(s) URL (got "${url}")`);
  if (secret === undefined || secret === "") throw new Error("PAYOUT_WEBHOOK_SECRET is required with PAYOUT_EMULATOR_WEBHOOK_URL");
  return { url, secret };
}

const emulator = createPayoutRailEmulator({
  port: portFrom("PAYOUT_EMULATOR_PORT", 8792),
  host: process.env.PAYOUT_EMULATOR_HOST ?? "127.0.0.1",
  statePath: process.env.PAYOUT_EMULATOR_STATE ?? ".wrangler/emulators/payout-rail.json",
  apiKey: process.env.PAYOUT_API_KEY || "chorus-local-payout-key",
  settleMs: settleMsFrom(process.env.PAYOUT_EMULATOR_SETTLE_MS),
  webhook: webhookFrom(process.env.PAYOUT_EMULATOR_WEBHOOK_URL, process.env.PAYOUT_WEBHOOK_SECRET),
});

await serveUntilStopped(emulator, "Payout rail");
