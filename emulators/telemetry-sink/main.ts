/**
 * Runs the telemetry sink on its own: `node emulators/telemetry-sink/main.ts`.
 *
 *   TELEMETRY_SINK_PORT   port (default 8793)
 *   TELEMETRY_SINK_HOST   interface (default 127.0.0.1)
 *   TELEMETRY_SINK_STATE  state file (default .wrangler/emulators/telemetry-sink.json)
 */
import { createTelemetrySink } from "./server.ts";

function portFrom(value: string | undefined): number {
  const port = Number(value ?? "8793");
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`TELEMETRY_SINK_PORT must be a port number from 0 to 65535 (got "${value}")`);
  }
  return port;
}

const sink = createTelemetrySink({
  port: portFrom(process.env.TELEMETRY_SINK_PORT),
  host: process.env.TELEMETRY_SINK_HOST ?? "127.0.0.1",
  statePath: process.env.TELEMETRY_SINK_STATE ?? ".wrangler/emulators/telemetry-sink.json",
});

const { url } = await sink.start();
console.log(`Telemetry sink listening on ${url}`);

let stopping = false;
function shutDown(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.log(`Telemetry sink: ${signal}, stopping`);
  sink.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error("Telemetry sink: could not stop cleanly", error);
      process.exit(1);
    },
  );
}
process.on("SIGINT", shutDown);
process.on("SIGTERM", shutDown);
