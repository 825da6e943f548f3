import type { Emulator } from "./server.ts";

/** The port the environment variable `name` gives, or `fallback` when it is not set. */
export function portFrom(name: string, fallback: number): number {
  const value = process.env[name];
  const port = Number(value ?? String(fallback));
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name} must be a port number from 0 to 65535 (got "${value}")`);
  }
  return port;
}

/** Runs an emulator as a program of its own (its main.ts) until SIGINT or SIGTERM, saving its state before it exits. */
export async function serveUntilStopped(emulator: Emulator, name: string): Promise<void> {
  const { url } = await emulator.start();
  console.log(`${name} listening on ${url}`);
  let stopping = false;
  const shutDown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${name}: ${signal}, stopping`);
    emulator.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`${name}: could not stop cleanly`, error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", shutDown);
  process.on("SIGTERM", shutDown);
}
