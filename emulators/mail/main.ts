/**
 * Runs the mail outbox on its own: `node emulators/mail/main.ts`.
 *
 *   MAIL_EMULATOR_PORT   port (default 8791)
 *   MAIL_EMULATOR_HOST   interface (default 127.0.0.1)
 *   MAIL_EMULATOR_STATE  state file (default .wrangler/emulators/mail.json)
 *   MAIL_API_KEY         the API key it accepts (default chorus-local-mail-key, the local MAIL_API_KEY of .dev.vars)
 */
import { createMailEmulator } from "./server.ts";

function portFrom(value: string | undefined): number {
  const port = Number(value ?? "8791");
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`MAIL_EMULATOR_PORT must be a port number from 0 to 65535 (got "${value}")`);
  }
  return port;
}

const emulator = createMailEmulator({
  port: portFrom(process.env.MAIL_EMULATOR_PORT),
  host: process.env.MAIL_EMULATOR_HOST ?? "127.0.0.1",
  statePath: process.env.MAIL_EMULATOR_STATE ?? ".wrangler/emulators/mail.json",
  apiKey: process.env.MAIL_API_KEY || "chorus-local-mail-key",
});

const { url } = await emulator.start();
console.log(`Mail outbox listening on ${url}`);

let stopping = false;
function shutDown(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.log(`Mail outbox: ${signal}, stopping`);
  emulator.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error("Mail outbox: could not stop cleanly", error);
      process.exit(1);
    },
  );
}
process.on("SIGINT", shutDown);
process.on("SIGTERM", shutDown);
