/**
 * Runs the X emulator on its own: `node emulators/x/main.ts`.
 *
 *   X_EMULATOR_PORT   port (default 8790)
 *   X_EMULATOR_HOST   interface (default 127.0.0.1)
 *   X_EMULATOR_STATE  state file (default .wrangler/emulators/x.json)
 *   X_CLIENT_ID       the app's OAuth client id (default chorus-local)
 *   X_CLIENT_SECRET   its secret (default chorus-local-secret)
 *   X_REDIRECT_URIS   extra registered callbacks, comma-separated; local http callbacks are always accepted
 *   X_BEARER_TOKEN    an app-only bearer token for post lookup (default: none)
 *   X_KNOWN_ACCOUNTS  accounts that exist from the start: a JSON list of { id, username, name } (default: none)
 */
import { portFrom, serveUntilStopped } from "../shared/command-line.ts";
import { createXEmulator } from "./server.ts";

type KnownAccount = { id: string; username: string; name: string };

function isKnownAccount(item: unknown): item is KnownAccount {
  return (
    typeof item === "object" &&
    item !== null &&
    "id" in item &&
    typeof item.id === "string" &&
    "username" in item &&
    typeof item.username === "string" &&
    "name" in item &&
    typeof item.name === "string"
  );
}

function knownAccountsFrom(value: string | undefined): KnownAccount[] {
  if (value === undefined || value.trim() === "") return [];
  const parsed: unknown = JSON.parse(value);
  if (!Array.isArray(parsed) || !parsed.every(isKnownAccount)) {
    throw new Error("X_KNOWN_ACCOUNTS must be a JSON list of { id, username, name }");
  }
  return parsed;
}

const emulator = createXEmulator({
  port: portFrom("X_EMULATOR_PORT", 8790),
  host: process.env.X_EMULATOR_HOST ?? "127.0.0.1",
  statePath: process.env.X_EMULATOR_STATE ?? ".wrangler/emulators/x.json",
  clientId: process.env.X_CLIENT_ID ?? "chorus-local",
  clientSecret: process.env.X_CLIENT_SECRET ?? "chorus-local-secret",
  redirectUris: (process.env.X_REDIRECT_URIS ?? "")
    .split(",")
    .map((uri) => uri.trim())
    .filter((uri) => uri.length > 0),
  allowLocalRedirects: true,
  appBearerToken: process.env.X_BEARER_TOKEN || undefined,
  knownAccounts: knownAccountsFrom(process.env.X_KNOWN_ACCOUNTS),
});

await serveUntilStopped(emulator, "X emulator");
