/**
 * The local emulators of outside services (README "Local emulators") and the variables that point the worker at
 * them, for a worker served on `port`: the X emulator on port + 3, the mail outbox on + 4, the payout rail on + 5, the
 * telemetry sink on + 6 and the Bluesky stand-in on + 7, each keeping its state under `<persistTo>/emulators/`. `npm start` serves the worker
 * through `wrangler dev` with these; `npm run fuzz` serves the production build under Miniflare with the same.
 */
import { readFileSync } from "node:fs";
import { PAYOUT_WEBHOOK_PATH } from "../worker/contracts/payout-webhook.ts";
import { parseSignupAccount } from "../worker/db/users.ts";
import { demoWorld } from "../fixtures/demo-world.ts";
import { localSecret } from "./dev-vars.ts";

export type Emulator = { label: string; script: string; url: string; env: Record<string, string> };

export function emulatorUrls(port: number) {
  return {
    x: `http://127.0.0.1:${port + 3}`,
    mail: `http://127.0.0.1:${port + 4}`,
    payout: `http://127.0.0.1:${port + 5}`,
    telemetry: `http://127.0.0.1:${port + 6}`,
    bluesky: `http://127.0.0.1:${port + 7}`,
  };
}

/** The X accounts of the demo world's people (creators, advertisers' members, the admin), by their X ids. */
function demoXAccounts() {
  return demoWorld(Date.now()).users.map(({ user }) => ({
    id: parseSignupAccount(user.signupAccount).subject,
    username: user.handle,
    name: user.name,
  }));
}

/**
 * The Application Insights connection string of wrangler.toml with the local sink as its ingestion endpoint: the
 * instrumentation key stays the one the configuration names, so the worker forwards exactly what it accepts.
 */
function localConnectionString(ingestionEndpoint: string): string {
  const key = /InstrumentationKey=([0-9a-f-]{36})/i.exec(readFileSync("wrangler.toml", "utf8"))?.[1];
  if (key === undefined) throw new Error("wrangler.toml has no APPLICATIONINSIGHTS_CONNECTION_STRING with an InstrumentationKey");
  return `InstrumentationKey=${key};IngestionEndpoint=${ingestionEndpoint}/`;
}

/**
 * An emulator run as `emulators/<dir>/main.ts` on `port`, keeping its state in `<persistTo>/emulators/<dir>.json`: every
 * emulator reads the two from `<envPrefix>_PORT` and `<envPrefix>_STATE`, and the rest of its settings from `env`.
 */
function emulator(
  label: string,
  dir: string,
  envPrefix: string,
  port: number,
  persistTo: string,
  env: Record<string, string> = {},
): Emulator {
  return {
    label,
    script: `emulators/${dir}/main.ts`,
    url: `http://127.0.0.1:${port}`,
    env: { [`${envPrefix}_PORT`]: String(port), [`${envPrefix}_STATE`]: `${persistTo}/emulators/${dir}.json`, ...env },
  };
}

/** The emulators to run beside a worker on `port` (each a Node script, its environment and the URL it answers at). */
export function localEmulators(port: number, persistTo: string): Emulator[] {
  return [
    emulator("X emulator", "x", "X_EMULATOR", port + 3, persistTo, {
      // The demo world's people exist on the local X, so "Sign in with X" as one of them reaches their seeded account.
      X_KNOWN_ACCOUNTS: JSON.stringify(demoXAccounts()),
    }),
    emulator("Mail outbox", "mail", "MAIL_EMULATOR", port + 4, persistTo, { MAIL_API_KEY: localSecret("MAIL_API_KEY") }),
    emulator("Payout rail", "payout-rail", "PAYOUT_EMULATOR", port + 5, persistTo, {
      PAYOUT_API_KEY: localSecret("PAYOUT_API_KEY"),
      // Settled payouts are announced to the worker at once (docs/decisions/032-spec-server-items.md section 4).
      PAYOUT_EMULATOR_WEBHOOK_URL: `http://127.0.0.1:${port}${PAYOUT_WEBHOOK_PATH}`,
      PAYOUT_WEBHOOK_SECRET: localSecret("PAYOUT_WEBHOOK_SECRET"),
    }),
    emulator("Telemetry sink", "telemetry-sink", "TELEMETRY_SINK", port + 6, persistTo),
    emulator("Bluesky stand-in", "bluesky", "BLUESKY_EMULATOR", port + 7, persistTo),
  ];
}

/** The worker's variables that point it at the emulators and make the origin it is served on its own. */
export function localWorkerVars(port: number): Record<string, string> {
  const urls = emulatorUrls(port);
  return {
    X_AUTHORIZE_URL: `${urls.x}/i/oauth2/authorize`,
    X_API_BASE_URL: urls.x,
    MAIL_API_URL: urls.mail,
    PAYOUT_API_URL: urls.payout,
    // The stand-in is the PDS, the PLC directory, the handle resolver and the public app view at once.
    BLUESKY_HANDLE_RESOLVER_URL: urls.bluesky,
    BLUESKY_PLC_DIRECTORY_URL: urls.bluesky,
    BLUESKY_APPVIEW_URL: urls.bluesky,
    APPLICATIONINSIGHTS_CONNECTION_STRING: localConnectionString(urls.telemetry),
    APP_ORIGINS: `http://127.0.0.1:${port},http://localhost:${port}`,
  };
}

/**
 * The arguments of `wrangler dev` serving the worker on 127.0.0.1:`port` with its local state under `persistTo` and
 * these variables set over wrangler.toml's.
 */
export function wranglerDevArgs(port: number, persistTo: string, vars: Record<string, string>): string[] {
  return [
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--persist-to",
    persistTo,
    "--show-interactive-dev-session=false",
    ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
  ];
}

/** Waits until every emulator answers at its URL. */
export async function waitForEmulators(emulators: readonly Emulator[]): Promise<void> {
  await Promise.all(emulators.map((emulator) => waitFor(`${emulator.url}/`, emulator.label)));
}

async function waitFor(url: string, label: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${label} did not start at ${url}`);
}
