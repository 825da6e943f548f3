import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createXEmulator } from "../../worker/emulators/x/server.ts";
import { testXClient } from "./test-bindings.ts";

/**
 * Vitest global setup (runs in Node): the real X emulator on the port the config reserved, reached by the worker
 * under test over real HTTP. Its state lives in a temporary directory removed afterwards.
 */
export default async function startXEmulator() {
  const directory = mkdtempSync(join(tmpdir(), "chorus-x-emulator-"));
  const emulator = createXEmulator({
    port: Number(process.env.CHORUS_TEST_X_EMULATOR_PORT),
    statePath: join(directory, "x.json"),
    clientId: testXClient.clientId,
    clientSecret: testXClient.clientSecret,
    redirectUris: [],
    allowLocalRedirects: true,
  });
  await emulator.start();
  return async () => {
    await emulator.stop();
    rmSync(directory, { recursive: true, force: true });
  };
}
