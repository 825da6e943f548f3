/**
 * Runs the Bluesky stand-in on its own: `node emulators/bluesky/main.ts`.
 *
 *   BLUESKY_EMULATOR_PORT   port (default 8794)
 *   BLUESKY_EMULATOR_HOST   interface (default 127.0.0.1)
 *   BLUESKY_EMULATOR_STATE  state file (default .wrangler/emulators/bluesky.json)
 *   BLUESKY_KNOWN_ACCOUNTS  accounts that exist from the start: a JSON list of { handle, displayName } (default: none)
 */
import { type } from "arktype";
import { createBlueskyEmulator } from "./server.ts";

const knownAccounts = type({ handle: "string", displayName: "string" }).array();

function knownAccountsFrom(value: string | undefined) {
  if (value === undefined || value.trim() === "") return [];
  const parsed = knownAccounts(JSON.parse(value));
  if (parsed instanceof type.errors)
    throw new Error(`BLUESKY_KNOWN_ACCOUNTS must be a JSON list of { handle, displayName } (${parsed.summary})`);
  return parsed;
}

function portFrom(value: string | undefined): number {
  const port = Number(value ?? "8794");
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`BLUESKY_EMULATOR_PORT must be a port number from 0 to 65535 (got "${value}")`);
  }
  return port;
}

const emulator = createBlueskyEmulator({
  port: portFrom(process.env.BLUESKY_EMULATOR_PORT),
  host: process.env.BLUESKY_EMULATOR_HOST ?? "127.0.0.1",
  statePath: process.env.BLUESKY_EMULATOR_STATE ?? ".wrangler/emulators/bluesky.json",
  knownAccounts: knownAccountsFrom(process.env.BLUESKY_KNOWN_ACCOUNTS),
});

const { url } = await emulator.start();
console.log(`Bluesky emulator listening on ${url}`);

let stopping = false;
function shutDown(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.log(`Bluesky emulator: ${signal}, stopping`);
  emulator.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error("Bluesky emulator: could not stop cleanly", error);
      process.exit(1);
    },
  );
}
process.on("SIGINT", shutDown);
process.on("SIGTERM", shutDown);
