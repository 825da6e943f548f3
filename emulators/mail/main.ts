/**
 * Runs the mail outbox on its own: `node emulators/mail/main.ts`.
 *
 *   MAIL_EMULATOR_PORT   port (default 8791)
 *   MAIL_EMULATOR_HOST   interface (default 127.0.0.1)
 *   MAIL_EMULATOR_STATE  state file (default .wrangler/emulators/mail.json)
 *   MAIL_API_KEY         the API key it accepts (default chorus-local-mail-key, the local MAIL_API_KEY of .dev.vars)
 */
import { portFrom, serveUntilStopped } from "../shared/command-line.ts";
import { createMailEmulator } from "./server.ts";

const emulator = createMailEmulator({
  port: portFrom("MAIL_EMULATOR_PORT", 8791),
  host: process.env.MAIL_EMULATOR_HOST ?? "127.0.0.1",
  statePath: process.env.MAIL_EMULATOR_STATE ?? ".wrangler/emulators/mail.json",
  apiKey: process.env.MAIL_API_KEY || "chorus-local-mail-key",
});

await serveUntilStopped(emulator, "Mail outbox");
