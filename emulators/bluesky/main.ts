/**
 * Runs the Bluesky stand-in on its own: `node emulators/bluesky/main.ts`.
 *
 *   BLUESKY_EMULATOR_PORT   port (default 8794)
 *   BLUESKY_EMULATOR_HOST   interface (default 127.0.0.1)
 *   BLUESKY_EMULATOR_STATE  state file (default .wrangler/emulators/bluesky.json)
 *   BLUESKY_KNOWN_ACCOUNTS  accounts that exist from the start: a JSON list of { handle, displayName } (default: none)
 */
import { type } from "arktype";
import { portFrom, serveUntilStopped } from "../shared/command-line.ts";
import { createBlueskyEmulator } from "./server.ts";

const knownAccounts = type({ handle: "string", displayName: "string" }).array();

function knownAccountsFrom(value: string | undefined) {
  if (value === undefined || value.trim() === "") return [];
  const parsed = knownAccounts(JSON.parse(value));
  if (parsed instanceof type.errors)
    throw new Error(`BLUESKY_KNOWN_ACCOUNTS must be a JSON list of { handle, displayName } (${parsed.summary})`);
  return parsed;
}

const emulator = createBlueskyEmulator({
  port: portFrom("BLUESKY_EMULATOR_PORT", 8794),
  host: process.env.BLUESKY_EMULATOR_HOST ?? "127.0.0.1",
  statePath: process.env.BLUESKY_EMULATOR_STATE ?? ".wrangler/emulators/bluesky.json",
  knownAccounts: knownAccountsFrom(process.env.BLUESKY_KNOWN_ACCOUNTS),
});

await serveUntilStopped(emulator, "Bluesky emulator");
