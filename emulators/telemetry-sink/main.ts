/**
 * Runs the telemetry sink on its own: `node emulators/telemetry-sink/main.ts`.
 *
 *   TELEMETRY_SINK_PORT   port (default 8793)
 *   TELEMETRY_SINK_HOST   interface (default 127.0.0.1)
 *   TELEMETRY_SINK_STATE  state file (default .wrangler/emulators/telemetry-sink.json)
 */
import { portFrom, serveUntilStopped } from "../shared/command-line.ts";
import { createTelemetrySink } from "./server.ts";

const sink = createTelemetrySink({
  port: portFrom("TELEMETRY_SINK_PORT", 8793),
  host: process.env.TELEMETRY_SINK_HOST ?? "127.0.0.1",
  statePath: process.env.TELEMETRY_SINK_STATE ?? ".wrangler/emulators/telemetry-sink.json",
});

await serveUntilStopped(sink, "Telemetry sink");
